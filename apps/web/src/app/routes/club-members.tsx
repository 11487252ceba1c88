import { lazy, Suspense, useMemo, useState } from 'react';
import { MEMBERS_MESSAGES, isLeader, type TMember, type TMemberCreate } from '@club/contract';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCurrentMember } from '../../lib/session.ts';
import { editParty } from '../../lib/member-teams.ts';
import { HttpError, errorMessage } from '../../lib/http.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import {
  useClubMembers,
  useDeleteMember,
  useResendInvitation,
  useRestoreMember,
  useSaveMember,
  useTeamChoices,
  type ClubMemberFilters,
} from '../../features/members/api/members.ts';
import { MembersTable } from '../../features/members/components/members-table.tsx';
import {
  ClubMemberFiltersRow,
  searchableFilters,
} from '../../features/members/components/club-member-filters.tsx';
import { useDebounced } from '../../features/members/hooks/use-debounced.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { useClub } from '../../lib/shared-queries.ts';
import { downloadMembersCsv, usePlayersWithoutTeam } from '../../features/members/api/season.ts';
import { ImportDialog } from '../../features/members/components/import-dialog.tsx';
import { NoTeamBanner } from '../../features/members/components/no-team-banner.tsx';
import { X } from 'lucide-react';
import { Icon } from '../../components/ui/icon.tsx';

// The form (react-hook-form, zod and the members' schemas) loads when it opens, or when the pointer
// or the focus reaches the button that opens it (docs/decisions/0091-signed-in-javascript-budget.md).
const loadMemberForm = () => import('../../features/members/components/member-form.tsx');
const MemberForm = lazy(() => loadMemberForm().then((m) => ({ default: m.MemberForm })));
const preloadMemberForm = () => void loadMemberForm().catch(() => undefined);

/** /{nomClub}/membres — club members (leaders), spec §2, §4, §5, §8. */
export default function ClubMembersPage() {
  useDocumentTitle('Membres du Club');
  const { data: me } = useCurrentMember();
  // Leaders only (docs/architecture.md §7): no doomed call for anyone else.
  const clubId = isLeader(me?.role) ? (me?.idClub ?? undefined) : undefined;
  const [filters, setFilters] = useState<ClubMemberFilters>({});
  const debounced = useDebounced(useMemo(() => searchableFilters(filters), [filters]));
  const searching = Object.values(debounced).some((v) => v && v.trim());
  const list = useClubMembers(clubId, debounced);
  const teams = useTeamChoices(clubId);
  const save = useSaveMember();
  const remove = useDeleteMember();
  const restore = useRestoreMember();
  const resend = useResendInvitation();
  const [formOpen, setFormOpen] = useState(false);
  // A parent's children are chosen among every club member (the page's own list may be filtered).
  const everyone = useClubMembers(formOpen ? clubId : undefined, {});
  const [editing, setEditing] = useState<TMember | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [confirming, setConfirming] = useState<TMember | null>(null);
  // Hidden while the deletion is on its way (sent at once; undone by a restore, decision 0087).
  const [pendingDeletion, setPendingDeletion] = useState<ReadonlySet<number>>(new Set());
  const toast = useToast();
  const club = useClub(clubId);
  const withoutTeam = usePlayersWithoutTeam(clubId);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

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
          toast({
            message: editing
              ? 'Membre modifié.'
              : 'Membre ajouté. Une invitation lui a été envoyée par e-mail.',
          });
        },
      },
    );
  };

  const unhide = (id: number) =>
    setPendingDeletion((set) => {
      const next = new Set(set);
      next.delete(id);
      return next;
    });
  const onDelete = (m: TMember) => setConfirming(m);
  const confirmDelete = () => {
    const m = confirming!;
    setConfirming(null);
    setMessage(null);
    setPendingDeletion((set) => new Set(set).add(m.id));
    // Sent at once: a reload or a closed tab loses nothing; 'Annuler' restores on the server.
    remove.mutate(m.id, {
      onSettled: () => unhide(m.id),
      onSuccess: () =>
        toast({
          message: `${m.prenom} ${m.nom} supprimé(e).`,
          action: { label: 'Annuler', onAction: () => undoDelete(m) },
        }),
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
  const undoDelete = (m: TMember) => {
    setMessage(null);
    restore.mutate(m.id, {
      onSuccess: (answer) => toast({ message: answer.message }),
      onError: (err) =>
        setMessage({
          tone: 'error',
          text: errorMessage(err, 'La suppression n’a pas pu être annulée.'),
        }),
    });
  };

  const onResend = (m: TMember) => {
    setMessage(null);
    resend.mutate(m.id, {
      onSuccess: () => toast({ message: `Invitation renvoyée à ${m.prenom} ${m.nom}.` }),
      onError: (err) =>
        setMessage({
          tone: 'error',
          text: errorMessage(err, "L'invitation n'a pas pu être envoyée."),
        }),
    });
  };

  const onExport = () => {
    setMessage(null);
    setExporting(true);
    downloadMembersCsv(clubId, debounced)
      .catch((err) =>
        setMessage({
          tone: 'error',
          text: errorMessage(err, 'L’export n’a pas pu être préparé. Réessayez.'),
        }),
      )
      .finally(() => setExporting(false));
  };

  const visible = (list.data ?? []).filter((m) => !pendingDeletion.has(m.id));
  const saveError = save.error;
  const fieldErrors = saveError instanceof HttpError ? saveError.fieldErrors : undefined;

  return (
    <main id="contenu" className="container page">
      <div className="page-head">
        <h1>Membres du Club</h1>
        <div className="page-head-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setImporting(true)}>
            Importer
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={onExport}
            disabled={exporting}
            aria-describedby="export-hint"
          >
            {exporting ? 'Export…' : 'Exporter'}
          </button>
          <span id="export-hint" className="visually-hidden">
            Télécharge les membres de la liste filtrée au format CSV.
          </span>
          <button
            type="button"
            className="btn"
            aria-expanded={formOpen}
            onPointerEnter={preloadMemberForm}
            onFocus={preloadMemberForm}
            onClick={() => (formOpen ? closeForm() : openCreate())}
          >
            {formOpen ? (
              <>
                <Icon as={X} /> Fermer
              </>
            ) : (
              '+ Ajouter un membre'
            )}
          </button>
        </div>
      </div>
      {importing ? <ImportDialog clubId={clubId} onClose={() => setImporting(false)} /> : null}

      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}

      {/* Nothing shows until the form's code is here: the dialog then opens with the focus in its
          first field. */}
      <Suspense fallback={null}>
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
              seasonStartMonth={club.data?.moisDebutSaison}
              clubMembers={everyone.data ?? []}
              clubMembersLoading={everyone.isPending}
              submitting={save.isPending}
              serverErrors={fieldErrors}
              onSubmit={submit}
              onCancel={closeForm}
              // The last save's error goes as soon as the form changes or is sent again.
              onEdit={() => {
                if (!save.isPending && !save.isIdle) save.reset();
              }}
            />
          </Modal>
        ) : null}
      </Suspense>

      <NoTeamBanner
        players={withoutTeam.data ?? []}
        teams={teams.data ?? []}
        onShow={() => setFilters({ role: 'JOUEUR', sansEquipe: 'true' })}
        onAssigned={(text) => toast({ message: text })}
      />

      <ClubMemberFiltersRow value={filters} onChange={setFilters} />

      {confirming ? (
        <ConfirmDialog
          title="Supprimer un membre"
          confirmLabel={`Supprimer ${confirming.prenom} ${confirming.nom}`}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(null)}
        >
          <p>{MEMBERS_MESSAGES.confirmDelete}</p>
          <p>
            <strong>
              {confirming.prenom} {confirming.nom}
            </strong>
          </p>
        </ConfirmDialog>
      ) : null}

      {list.isPending ? (
        <Skeleton label="Chargement des membres..." />
      ) : list.isError ? (
        <LoadError
          message={searching ? MEMBERS_MESSAGES.searchFailed : MEMBERS_MESSAGES.loadFailed}
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        />
      ) : visible.length === 0 ? (
        <EmptyState title="Aucun membre trouvé">
          {searching
            ? 'Modifiez ou effacez les filtres pour voir plus de membres.'
            : 'Ajoutez votre premier membre : il recevra une invitation par e-mail.'}
        </EmptyState>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {visible.length} membre{visible.length > 1 ? 's' : ''}
            {list.isFetching ? ' · mise à jour…' : ''}
          </p>
          <MembersTable
            key={JSON.stringify(debounced)}
            members={visible}
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
