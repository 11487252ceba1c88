import { describe, expect, it } from 'vitest';
import { ZClubSchema, ZCurrentMemberSchema, ZMemberSchema, ZTeamSchema } from '@club/contract';
import { aClub, aCurrentMember, aMember, aTeam } from './builders.ts';

describe('test data builders', () => {
  it('build objects that the contract’s answer schemas accept', () => {
    expect(ZMemberSchema.parse(aMember())).toEqual(aMember());
    expect(ZTeamSchema.parse(aTeam())).toEqual(aTeam());
    expect(ZCurrentMemberSchema.parse(aCurrentMember())).toEqual(aCurrentMember());
    expect(ZClubSchema.parse(aClub())).toEqual(aClub());
  });

  it('apply overrides, keeping the team’s two category spellings equal', () => {
    expect(aMember({ role: 'PARENT' }).role).toBe('PARENT');
    expect(aTeam({ categorie: 'U17' })).toMatchObject({ category: 'U17', categorie: 'U17' });
    expect(aCurrentMember({ idEquipe: 4, nomEquipe: 'U15' }).equipes).toEqual([
      { id: 4, nom: 'U15' },
    ]);
  });
});
