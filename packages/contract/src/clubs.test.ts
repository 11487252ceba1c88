import { describe, expect, it } from 'vitest';
import { CLUB_PERMISSIONS, ZClubUpdateSchema } from './clubs.ts';
import { permits } from './permissions.ts';
import { SETTINGS_MESSAGES } from './messages.ts';
import { SERVER_MESSAGES } from './messages.ts';
import { ZChangePasswordFormSchema } from './settings.ts';

const subject = (role: string) => ({ id: 1, role, teamIds: [] });

describe('[contract] club settings', () => {
  it('spec §6: only the DIRIGEANT (any case) updates, changes the logo or deletes; all read', () => {
    for (const role of ['RESPONSABLE', 'ENTRAINEUR', 'JOUEUR', 'PARENT']) {
      expect(permits(CLUB_PERMISSIONS, subject(role), 'read')).toBe(true);
      for (const action of ['update', 'logo', 'delete'] as const)
        expect(permits(CLUB_PERMISSIONS, subject(role), action), `${role} ${action}`).toBe(false);
    }
    for (const action of ['read', 'update', 'logo', 'delete'] as const)
      expect(permits(CLUB_PERMISSIONS, subject('dirigeant'), action)).toBe(true);
  });

  it('trims fields, empties become null, the name keeps its 2 to 120 limits', () => {
    expect(
      ZClubUpdateSchema.parse({
        nom: '  AS Nantes ',
        description: '',
        pays: ' France ',
        ville: null,
        adresse: undefined,
        numeroTelephone: '',
      }),
    ).toEqual({
      nom: 'AS Nantes',
      description: null,
      pays: 'France',
      ville: null,
      adresse: null,
      numeroTelephone: null,
    });
    const short = ZClubUpdateSchema.safeParse({ nom: 'A' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe(SERVER_MESSAGES.tooShort(2));
    expect(ZClubUpdateSchema.safeParse({ nom: 'x'.repeat(121) }).success).toBe(false);
    expect(ZClubUpdateSchema.safeParse({ nom: 'Club', numeroTelephone: 'abc' }).success).toBe(
      false,
    );
    expect(ZClubUpdateSchema.safeParse({ nom: 'Club', clubId: 3 }).success).toBe(false);
  });

  it('the refusal messages are the spec’s', () => {
    expect(SETTINGS_MESSAGES.onlyManagerEdit).toBe('Seul le dirigeant peut modifier le club.');
    expect(SETTINGS_MESSAGES.onlyManagerDelete).toBe('Seul le dirigeant peut supprimer le club.');
  });
});

describe('[contract] settings password modal (spec §5)', () => {
  const errorsOf = (v: object) => {
    const r = ZChangePasswordFormSchema.safeParse(v);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path[0], i.message]));
  };
  it('the spec’s three messages', () => {
    expect(errorsOf({ currentPassword: '', newPassword: 'court', confirmation: 'autre' })).toEqual({
      currentPassword: 'Veuillez saisir votre mot de passe actuel.',
      confirmation: 'La confirmation ne correspond pas.',
      newPassword:
        'Le nouveau mot de passe doit avoir au moins 12 caractères, dont 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial.',
    });
    expect(
      errorsOf({
        currentPassword: 'x',
        newPassword: 'Solide-Passe-42',
        confirmation: 'Solide-Passe-43',
      }),
    ).toEqual({ confirmation: 'La confirmation ne correspond pas.' });
    expect(
      errorsOf({
        currentPassword: 'x',
        newPassword: 'Solide-Passe-42',
        confirmation: 'Solide-Passe-42',
      }),
    ).toEqual({});
  });
});
