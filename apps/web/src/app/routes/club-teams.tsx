import { useEffect, useState } from 'react';
import { TEAMS_MESSAGES, isLeader, type TTeam, type TTeamWrite } from '@club/contract';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCurrentMember } from '../../lib/session.ts';
import { HttpError } from '../../lib/http.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { useClubTeams, useDeleteTeam, useSaveTeam } from '../../features/teams/api/teams.ts';
import { TeamCard } from '../../features/teams/components/team-card.tsx';
import { TeamForm } from '../../features/teams/components/team-form.tsx';

/**
 * /{nomClub}/equipes — club teams (leaders), spec §2, §4, §5. As the spec says, load, save and delete
 * errors are only logged; field errors the server names (a name already used) show under the field.
 */
export default function ClubTeamsPage() {
  useDocumentTitle('Équipes du Club');
  const { data: me } = useCurrentMember();
  const clubId = isLeader(me?.role) ? (me?.idClub ?? undefined) : undefined;
  const teams = useClubTeams(clubId);
  const save = useSaveTeam();
  const remove = useDeleteTeam();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<TTeam | null>(null);
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    if (teams.error) console.error('Chargement des équipes impossible', teams.error);
  }, [teams.error]);

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
        onSuccess: close,
        onError: (err) => console.error("Enregistrement de l'équipe impossible", err),
      },
    );
  const onDelete = (team: TTeam) => {
    if (!window.confirm(TEAMS_MESSAGES.confirmDelete)) return;
    remove.mutate(team.id, {
      onError: (err) => console.error("Suppression de l'équipe impossible", err),
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
          onClick={() => (formOpen ? close() : open(null))}
        >
          {formOpen ? '✖ Fermer' : '+ Ajouter une équipe'}
        </button>
      </div>
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
      {teams.isPending ? (
        <Loading label="Chargement des équipes..." />
      ) : list.length === 0 ? (
        <p className="empty">{TEAMS_MESSAGES.empty}</p>
      ) : (
        <ul className="grid-cards" style={{ listStyle: 'none', padding: 0 }}>
          {list.map((t) => (
            <TeamCard key={t.id} team={t} onEdit={(team) => open(team)} onDelete={onDelete} />
          ))}
        </ul>
      )}
    </main>
  );
}
