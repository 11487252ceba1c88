import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  CONVERSATION_LIMITS,
  ZConversationCreateSchema,
  conversationsPagePath,
} from '@club/contract';
import { Field } from '../../../components/ui/field.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { applyApiError } from '../../../lib/form-errors.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useTeamMemberRows } from '../../../lib/shared-queries.ts';
import { useCreateConversation } from '../api/conversations.ts';
import { CONVERSATION_TEXTS as T } from '../texts.ts';

/**
 * The form as typed (a title, the ticked members' ids as text), turned into the contract's body and
 * checked by it (ZConversationCreateSchema): no rule written twice.
 */
const ZGroupFormSchema = z
  .object({ titre: z.string(), membresIds: z.array(z.string()) })
  .transform((v, ctx) => {
    const checked = ZConversationCreateSchema.safeParse({
      titre: v.titre.trim() || undefined,
      membresIds: v.membresIds.map(Number),
    });
    for (const issue of checked.error?.issues ?? [])
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: issue.path.length ? [issue.path[0]!] : ['membresIds'],
      });
    return checked.success ? checked.data : z.NEVER;
  });

/**
 * « Nouveau groupe » (docs/decisions/0121-conversations-and-safeguarding.md): a few members of one
 * of the reader's teams (a leader: any team of the club), an optional title. The server adds the
 * guardians of a minor, or refuses with its message; the new conversation opens.
 */
export function NewGroupDialog({
  clubId,
  nomClub,
  meId,
  teams,
  onClose,
}: {
  clubId: number;
  nomClub: string;
  meId: number;
  teams: readonly { id: number; nom: string }[];
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const create = useCreateConversation();
  const [team, setTeam] = useState(teams[0]?.nom ?? '');
  const members = useTeamMemberRows(clubId, team);
  const form = useZodForm(ZGroupFormSchema, {
    timing: 'submit',
    defaultValues: { titre: '', membresIds: [] },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      const created = await create.mutateAsync(body);
      onClose();
      void navigate(conversationsPagePath(nomClub, created.id));
    } catch (err) {
      applyApiError(form.setError, err, {
        fallback: T.groupFailed,
        fields: ['membresIds', 'titre'],
      });
    }
  });
  const others = (members.data ?? []).filter((m) => m.id !== meId);

  return (
    <Modal title={T.newGroup} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <Field label={T.groupTitle} error={errors.titre?.message}>
          <input maxLength={CONVERSATION_LIMITS.titreMax} {...form.register('titre')} />
        </Field>
        <Field label={T.groupTeam}>
          <select className="input" value={team} onChange={(e) => setTeam(e.target.value)}>
            {teams.map((t) => (
              <option key={t.id} value={t.nom}>
                {t.nom}
              </option>
            ))}
          </select>
        </Field>
        <fieldset className="conversation-members">
          <legend>{T.groupMembers}</legend>
          <p className="field-hint">{T.groupHint}</p>
          {errors.membresIds?.message ? (
            <p className="field-error" role="alert">
              {errors.membresIds.message}
            </p>
          ) : null}
          {members.isPending ? (
            <Loading />
          ) : members.isError ? (
            <LoadError
              message={T.loadError}
              onRetry={members.refetch}
              retrying={members.isFetching}
            />
          ) : others.length === 0 ? (
            <p className="empty">{T.groupNobody}</p>
          ) : (
            others.map((m) => (
              <label key={m.id} className="checkbox">
                <input type="checkbox" value={String(m.id)} {...form.register('membresIds')} />{' '}
                {m.prenom} {m.nom}
              </label>
            ))
          )}
        </fieldset>
        {errors.root?.server?.message ? (
          <p className="field-error" role="alert">
            {errors.root.server.message}
          </p>
        ) : null}
        <div className="actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Annuler
          </button>
          <button type="submit" className="btn" disabled={create.isPending}>
            {T.groupCreate}
          </button>
        </div>
      </form>
    </Modal>
  );
}
