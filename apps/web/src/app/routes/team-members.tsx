import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import {
  ROLE_LABELS,
  TEAM_MEMBERS_MESSAGES,
  TEAM_PAGE_ROLES,
  mayFilterOnPrivateFields,
  memberSubject,
  type TMember,
  type TMemberUpdate,
} from '@club/contract';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCurrentMember } from '../../lib/session.ts';
import { editParty } from '../../lib/member-teams.ts';
import { HttpError } from '../../lib/http.ts';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { DateInput } from '../../components/ui/date-input.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import {
  useSaveMember,
  useTeamMembers,
  type TeamMemberFilters,
} from '../../features/members/api/members.ts';
import { TeamMembersTable } from '../../features/members/components/team-members-table.tsx';
import { searchableFilters } from '../../features/members/components/club-member-filters.tsx';
import '../../features/members/components/members.css';

// The form (react-hook-form, zod and its schemas) loads when it opens
// (docs/decisions/0091-signed-in-javascript-budget.md).
const EditMemberModal = lazy(() =>
  import('../../features/members/components/edit-member-modal.tsx').then((m) => ({
    default: m.EditMemberModal,
  })),
);

/** /{nomClub}/{nomEquipe}/membres — team members, spec §2, §5, §6, §8. */
export default function TeamMembersPage() {
  const { nomEquipe = '' } = useParams();
  useDocumentTitle(`Membres de l'équipe ${nomEquipe}`);
  const { data: me } = useCurrentMember();
  const clubId = me?.idClub ?? undefined;
  const [draft, setDraft] = useState<TeamMemberFilters>({});
  const [filters, setFilters] = useState<TeamMemberFilters>({});
  const searching = Object.values(filters).some((v) => v && v.trim());
  const list = useTeamMembers(clubId, nomEquipe, filters);
  const save = useSaveMember();
  const [editing, setEditing] = useState<TMember | null>(null);
  const toast = useToast();

  if (!me || !clubId) return null;
  // Every team of the signed-in member counts (a coach of two teams edits both teams' players).
  const actor = editParty(me);
  // The birth-date filter is for those who see every member's birth date (leaders, the team's
  // coaches): for anyone else the server refuses it (it would be a lookup of a hidden field).
  const team = me.equipes.find((t) => t.nom.toLowerCase() === nomEquipe.toLowerCase());
  const birthDateFilter = mayFilterOnPrivateFields(memberSubject(me), team?.id ?? -1);
  const set = (key: keyof TeamMemberFilters) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const search = (e: FormEvent) => {
    e.preventDefault();
    setFilters(searchableFilters(draft));
  };
  const close = () => {
    setEditing(null);
    save.reset();
  };
  const onSave = (body: TMemberUpdate) =>
    save.mutate(
      { id: editing!.id, body },
      {
        onSuccess: () => {
          close();
          toast({ message: 'Membre modifié.' });
        },
      },
    );

  return (
    <main id="contenu" className="container page">
      <h1>
        Membres de l'équipe <span className="team-name">{nomEquipe}</span>
      </h1>
      <form className="filters" role="search" aria-label="Rechercher des membres" onSubmit={search}>
        <Field label="Nom">
          <input type="search" value={draft.nom ?? ''} onChange={set('nom')} />
        </Field>
        <Field label="Prénom">
          <input type="search" value={draft.prenom ?? ''} onChange={set('prenom')} />
        </Field>
        <Field label="Rôle">
          <select value={draft.role ?? ''} onChange={set('role')}>
            <option value="">Tous</option>
            {TEAM_PAGE_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </Field>
        {birthDateFilter ? (
          <Field label="Date de naissance">
            <DateInput
              value={draft.dateNaissance ?? ''}
              onChange={(v) => setDraft((d) => ({ ...d, dateNaissance: v }))}
            />
          </Field>
        ) : null}
        <div>
          <button type="submit" className="btn">
            Rechercher
          </button>
        </div>
      </form>

      {list.isPending ? (
        <Skeleton label="Chargement des membres..." />
      ) : list.isError ? (
        <LoadError
          message={
            searching ? TEAM_MEMBERS_MESSAGES.searchFailed : TEAM_MEMBERS_MESSAGES.loadFailed
          }
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.length === 0 ? (
        <EmptyState title="Aucun membre trouvé">
          {searching
            ? 'Modifiez ou effacez les critères de recherche.'
            : 'Les dirigeants ajoutent les membres depuis la page Membres du club.'}
        </EmptyState>
      ) : (
        <TeamMembersTable members={list.data} actor={actor} onEdit={setEditing} />
      )}

      {/* Nothing shows until the form's code is here: the dialog then opens with the focus in it. */}
      <Suspense fallback={null}>
        {editing ? (
          <EditMemberModal
            key={editing.id}
            actor={actor}
            member={editing}
            clubId={clubId}
            submitting={save.isPending}
            error={save.isError ? TEAM_MEMBERS_MESSAGES.editFailed : null}
            serverErrors={save.error instanceof HttpError ? save.error.fieldErrors : undefined}
            onSave={onSave}
            onCancel={close}
            // The last save's error goes as soon as the form changes or is sent again.
            onEdit={() => {
              if (!save.isPending && !save.isIdle) save.reset();
            }}
          />
        ) : null}
      </Suspense>
    </main>
  );
}
