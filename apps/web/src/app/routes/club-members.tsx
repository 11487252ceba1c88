import { useState } from 'react';
import { MEMBERS_MESSAGES, isLeader, type TMember, type TMemberCreate } from '@club/contract';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCurrentMember } from '../../lib/session.ts';
import { editParty } from '../../lib/member-teams.ts';
import { HttpError, errorMessage } from '../../lib/http.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import {
  useClubMembers,
  useDeleteMember,
  useResendInvitation,
  useSaveMember,
  useTeamChoices,
  type ClubMemberFilters,
} from '../../features/members/api/members.ts';
import { MemberForm } from '../../features/members/components/member-form.tsx';
import { MembersTable } from '../../features/members/components/members-table.tsx';
import { ClubMemberFiltersRow } from '../../features/members/components/club-member-filters.tsx';
import { useDebounced } from '../../features/members/hooks/use-debounced.ts';
import { Modal } from '../../components/ui/modal.tsx';

/** /{nomClub}/membres — club members (leaders), spec §2, §4, §5, §8. */
export default function ClubMembersPage() {
  useDocumentTitle('Membres du Club');
  const { data: me } = useCurrentMember();
  // Leaders only (ARCHITECTURE §6): no doomed call for anyone else.
  const clubId = isLeader(me?.role) ? (me?.idClub ?? undefined) : undefined;
  const [filters, setFilters] = useState<ClubMemberFilters>({});
  const debounced = useDebounced(filters);
  const searching = Object.values(debounced).some((v) => v && v.trim());
  const list = useClubMembers(clubId, debounced);
  const teams = useTeamChoices(clubId);
  const save = useSaveMember();
  const remove = useDeleteMember();
  const resend = useResendInvitation();
  const [formOpen, setFormOpen] = useState(false);
  // A parent's children are chosen among every club member (the page's own list may be filtered).
  const everyone = useClubMembers(formOpen ? clubId : undefined, {});
  const [editing, setEditing] = useState<TMember | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  if (!me) return null;
  if (!isLeader(me.role)) {
    return (
      <main id="contenu" className="container page">
        <h1>Membres du Club</h1>
        <Alert tone="info">Cette page est réservée aux dirigeants et responsables du club.</Alert>
      </main>
    );
  }
  if (!clubId) {
    return (
      <main id="contenu" className="container page">
        <h1>Membres du Club</h1>
        <Alert tone="error">{MEMBERS_MESSAGES.noClubId}</Alert>
      </main>
    );
  }

  const closeForm = () => {
    setFormOpen(false);
    setEditing(null);
    save.reset();
    setFormKey((k) => k + 1);
  };
  const openCreate = () => {
    save.reset();
    setEditing(null);
    setFormKey((k) => k + 1);
    setFormOpen(true);
  };
  const openEdit = (m: TMember) => {
    save.reset();
    setEditing(m);
    setFormKey((k) => k + 1);
    setFormOpen(true);
  };

  const submit = (body: TMemberCreate) => {
    setMessage(null);
    save.mutate(
      { id: editing?.id, body },
      {
        onSuccess: () => {
          closeForm();
          setMessage({
            tone: 'success',
            text: editing
              ? 'Membre modifié.'
              : 'Membre ajouté. Une invitation lui a été envoyée par e-mail.',
          });
        },
      },
    );
  };

  const onDelete = (m: TMember) => {
    if (!window.confirm(MEMBERS_MESSAGES.confirmDelete)) return;
    setMessage(null);
    remove.mutate(m.id, {
      onError: (err) =>
        setMessage({
          tone: 'error',
          text:
            err instanceof HttpError && err.status !== 500 && err.serverMessage
              ? `${MEMBERS_MESSAGES.deleteFailed} ${err.serverMessage}`
              : MEMBERS_MESSAGES.deleteFailed,
        }),
    });
  };

  const onResend = (m: TMember) => {
    setMessage(null);
    resend.mutate(m.id, {
      onSuccess: () =>
        setMessage({ tone: 'success', text: `Invitation renvoyée à ${m.prenom} ${m.nom}.` }),
      onError: (err) =>
        setMessage({
          tone: 'error',
          text: errorMessage(err, "L'invitation n'a pas pu être envoyée."),
        }),
    });
  };

  const saveError = save.error;
  const fieldErrors = saveError instanceof HttpError ? saveError.fieldErrors : undefined;

  return (
    <main id="contenu" className="container page">
      <div className="page-head">
        <h1>Membres du Club</h1>
        <button
          type="button"
          className="btn"
          aria-expanded={formOpen}
          onClick={() => (formOpen ? closeForm() : openCreate())}
        >
          {formOpen ? '✖ Fermer' : '+ Ajouter un membre'}
        </button>
      </div>

      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}

      {formOpen ? (
        <Modal
          title={editing ? 'Modifier un membre' : 'Ajouter un membre'}
          onClose={closeForm}
          closeOnBackdrop={false}
        >
          {saveError ? (
            <Alert tone="error">
              {MEMBERS_MESSAGES.saveFailed}
              {saveError instanceof HttpError &&
              saveError.serverMessage &&
              saveError.status !== 400 &&
              saveError.status < 500
                ? ` ${saveError.serverMessage}`
                : ''}
            </Alert>
          ) : null}
          <MemberForm
            key={formKey}
            member={editing}
            clubId={clubId}
            actor={{ id: me.id, role: me.role }}
            teams={teams.data ?? []}
            clubMembers={everyone.data ?? []}
            clubMembersLoading={everyone.isPending}
            submitting={save.isPending}
            serverErrors={fieldErrors}
            onSubmit={submit}
            onCancel={closeForm}
          />
        </Modal>
      ) : null}

      <ClubMemberFiltersRow value={filters} onChange={setFilters} />

      {list.isPending ? (
        <Loading label="Chargement des membres..." />
      ) : list.isError ? (
        <Alert tone="error">
          {searching ? MEMBERS_MESSAGES.searchFailed : MEMBERS_MESSAGES.loadFailed}
        </Alert>
      ) : list.data.length === 0 ? (
        <p className="empty">Aucun membre trouvé</p>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {list.data.length} membre{list.data.length > 1 ? 's' : ''}
            {list.isFetching ? ' · mise à jour…' : ''}
          </p>
          <MembersTable
            key={JSON.stringify(debounced)}
            members={list.data}
            actor={editParty(me)}
            onEdit={openEdit}
            onDelete={onDelete}
            onResend={onResend}
            resendingId={resend.isPending ? resend.variables : null}
          />
        </>
      )}
    </main>
  );
}
