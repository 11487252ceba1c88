import { lazy, Suspense, useEffect, useState } from 'react';
import { TEAMS_MESSAGES, isLeader, type TTeam, type TTeamWrite } from '@club/contract';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCurrentMember } from '../../lib/session.ts';
import { HttpError } from '../../lib/http.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import {
  useClubTeams,
  useDeleteTeam,
  useSaveTeam,
  useTeamSummaries,
} from '../../features/teams/api/teams.ts';
import { TeamCard } from '../../features/teams/components/team-card.tsx';
import { X } from 'lucide-react';
import { Icon } from '../../components/ui/icon.tsx';

// The form (react-hook-form, zod and its schemas) loads when it opens
// (docs/decisions/0091-signed-in-javascript-budget.md).
const loadTeamForm = () => import('../../features/teams/components/team-form.tsx');
const TeamForm = lazy(() => loadTeamForm().then((m) => ({ default: m.TeamForm })));
const preloadTeamForm = () => void loadTeamForm().catch(() => undefined);

/**
 * /{nomClub}/equipes — club teams (leaders), spec §2, §4, §5. As the spec says, load, save and delete
 * errors are only logged; field errors the server names (a name already used) show under the field.
 */
export default function ClubTeamsPage() {
  useDocumentTitle('Équipes du Club');
  const { data: me } = useCurrentMember();
  const clubId = isLeader(me?.role) ? (me?.idClub ?? undefined) : undefined;
  const teams = useClubTeams(clubId);
  const summaries = useTeamSummaries(clubId);
  const save = useSaveTeam();
  const remove = useDeleteTeam();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<TTeam | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [confirming, setConfirming] = useState<TTeam | null>(null);
  const toast = useToast();

  useEffect(() => {
    if (teams.error) console.error('Chargement des équipes impossible', teams.error);
  }, [teams.error]);
  useEffect(() => {
    if (summaries.error)
      console.error('Chargement du résumé des équipes impossible', summaries.error);
  }, [summaries.error]);

  if (!me) return null;
  if (!isLeader(me.role)) {
    return (
      <main id="contenu" className="container page">
        <h1>Équipes du Club</h1>
        <Alert tone="info">Cette page est réservée aux dirigeants et responsables du club.</Alert>
      </main>
    );
  }
  if (!clubId) return null;

  const close = () => {
    setFormOpen(false);
    setEditing(null);
    save.reset();
    setFormKey((k) => k + 1);
  };
  const open = (team: TTeam | null) => {
    save.reset();
    setEditing(team);
    setFormKey((k) => k + 1);
    setFormOpen(true);
  };
  const submit = (body: TTeamWrite) =>
    save.mutate(
      { id: editing?.id, body },
      {
        onSuccess: () => {
          close();
          toast({ message: editing ? 'Équipe modifiée.' : 'Équipe créée.' });
        },
        onError: (err) => console.error("Enregistrement de l'équipe impossible", err),
      },
    );
  // Not undoable: deleting a team detaches its members and events on the server at once.
  const confirmDelete = () => {
    const team = confirming!;
    setConfirming(null);
    remove.mutate(team.id, {
      onSuccess: () => toast({ message: `Équipe ${team.nom} supprimée.` }),
      onError: (err) => {
        console.error("Suppression de l'équipe impossible", err);
        toast({ message: `L'équipe ${team.nom} n'a pas pu être supprimée.`, tone: 'error' });
      },
    });
  };
  const fieldErrors = save.error instanceof HttpError ? save.error.fieldErrors : undefined;
  const list = teams.data ?? [];

  return (
    <main id="contenu" className="container page">
      <div className="teams-head">
        <h1>Équipes du Club</h1>
        <button
          type="button"
          className="btn"
          aria-expanded={formOpen}
          onPointerEnter={preloadTeamForm}
          onFocus={preloadTeamForm}
          onClick={() => (formOpen ? close() : open(null))}
        >
          {formOpen ? (
            <>
              <Icon as={X} /> Fermer
            </>
          ) : (
            '+ Ajouter une équipe'
          )}
        </button>
      </div>
      {/* Nothing shows until the form's code is here: the dialog then opens with the focus in it. */}
      <Suspense fallback={null}>
        {formOpen ? (
          <Modal
            title={editing ? "Modifier l'équipe" : 'Créer une équipe'}
            onClose={close}
            closeOnBackdrop={false}
          >
            <TeamForm
              key={formKey}
              team={editing}
              clubId={clubId}
              submitting={save.isPending}
              serverErrors={fieldErrors}
              onSubmit={submit}
              onCancel={close}
            />
          </Modal>
        ) : null}
      </Suspense>
      {confirming ? (
        <ConfirmDialog
          title="Supprimer une équipe"
          confirmLabel={`Supprimer l'équipe ${confirming.nom}`}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(null)}
        >
          <p>{TEAMS_MESSAGES.confirmDelete}</p>
          <p>
            <strong>{confirming.nom}</strong> — cette action est définitive.
          </p>
        </ConfirmDialog>
      ) : null}
      {teams.isPending ? (
        <Skeleton variant="cards" rows={3} label="Chargement des équipes..." />
      ) : list.length === 0 ? (
        <EmptyState
          title={TEAMS_MESSAGES.empty}
          action={
            <button type="button" className="btn" onClick={() => open(null)}>
              Ajoutez votre première équipe
            </button>
          }
        >
          Créez une équipe pour y inscrire des joueurs et planifier ses matches.
        </EmptyState>
      ) : (
        <ul className="grid-cards" style={{ listStyle: 'none', padding: 0 }}>
          {list.map((t) => (
            <TeamCard
              key={t.id}
              team={t}
              summary={
                summaries.data
                  ? (summaries.data.get(t.id) ?? null)
                  : summaries.isPending
                    ? undefined
                    : null
              }
              clubName={me?.nomClub}
              onEdit={(team) => open(team)}
              onDelete={setConfirming}
            />
          ))}
        </ul>
      )}
    </main>
  );
}
