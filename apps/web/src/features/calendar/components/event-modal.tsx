import { useId, useState, type ReactNode } from 'react';
import {
  EVENT_MESSAGES,
  type TEventPortee,
  type TEventWrite,
  type TTeam,
  type TEvent,
} from '@club/contract';
import { Modal } from '../../../components/ui/modal.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { readApiError } from '../../../lib/form-errors.ts';
import { useDeleteEvent, useSaveEvent } from '../api/events.ts';
import { EventForm } from './event-form.tsx';
import { SeriesScopeDialog } from './series-scope-dialog.tsx';
import { TrainingAttendance } from './training-attendance.tsx';

export const EVENT_MODAL_MESSAGES = {
  saveFailed: "L'enregistrement de l'événement a échoué.",
  deleteFailed: "La suppression de l'événement a échoué.",
  created: 'Événement créé.',
  matchCreated: 'Match créé.',
  seriesCreated: 'Événements répétés créés.',
  updated: 'Événement modifié.',
  deleted: 'Événement supprimé.',
} as const;

export interface EventModalProps {
  event: TEvent | null;
  start?: Date;
  clubId: number;
  teams: readonly TTeam[];
  isLeader: boolean;
  /** The team of the calendar's area, null in the club calendar (decision 0105). */
  currentTeamId?: number | null;
  onClose: () => void;
  /** What the app adds below an existing event's form (the duties and carpooling panels). */
  extra?: ReactNode;
}

/**
 * 'Créer un événement' / 'Modifier un événement' (spec §2); closes after a successful save or
 * delete. The deletion asks 'Supprimer cet événement ?' in a dialog of its own.
 */
export function EventModal({
  event,
  start,
  clubId,
  teams,
  isLeader,
  currentTeamId = null,
  onClose,
  extra,
}: EventModalProps) {
  const save = useSaveEvent();
  const remove = useDeleteEvent();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  /** An occurrence of a series: the body waiting for 'Cet événement' / '… et les suivants' / … */
  const [pendingBody, setPendingBody] = useState<TEventWrite | null>(null);
  const saveWith = (body: TEventWrite, portee?: TEventPortee) =>
    save.mutate(
      { id: event?.id, body, ...(portee ? { portee } : {}) },
      {
        onSuccess: () => {
          setPendingBody(null);
          // Said once the modal is gone: the calendar shows the result, the toast says it.
          toast({
            message: event
              ? EVENT_MODAL_MESSAGES.updated
              : body.recurrence
                ? EVENT_MODAL_MESSAGES.seriesCreated
                : body.type === 'MATCH'
                  ? EVENT_MODAL_MESSAGES.matchCreated
                  : EVENT_MODAL_MESSAGES.created,
          });
          onClose();
        },
        onError: () => setPendingBody(null),
      },
    );
  const removeWith = (target: number | { id: number; portee: TEventPortee }) =>
    remove.mutate(target, {
      onSuccess: (answer) => {
        setConfirming(false);
        toast({ message: answer?.message || EVENT_MODAL_MESSAGES.deleted });
        onClose();
      },
      onError: () => setConfirming(false),
    });
  const confirmTextId = useId();
  const saveError = save.error ? readApiError(save.error) : null;
  const deleteError = remove.error ? readApiError(remove.error) : null;

  return (
    <>
      <Modal
        title={event ? 'Modifier un événement' : 'Créer un événement'}
        onClose={onClose}
        closeOnBackdrop={false}
        className="event-modal"
        // An event tapped to be read first does not bring the phone's keyboard up (decision 0101);
        // a new one starts at its first field.
        focusDialog={!!event}
      >
        {save.isError ? (
          <div className="alert alert-error" role="alert">
            {saveError?.message ?? EVENT_MODAL_MESSAGES.saveFailed}
          </div>
        ) : null}
        {remove.isError ? (
          <div className="alert alert-error" role="alert">
            {deleteError?.message ?? EVENT_MODAL_MESSAGES.deleteFailed}
          </div>
        ) : null}
        <EventForm
          event={event}
          start={start}
          clubId={clubId}
          teams={teams}
          isLeader={isLeader}
          currentTeamId={currentTeamId}
          submitting={save.isPending}
          serverErrors={saveError?.fields}
          onCancel={onClose}
          onDelete={event ? () => setConfirming(true) : undefined}
          // The last attempt's error goes as soon as the form changes or is sent again.
          onEdit={() => {
            if (!save.isPending && !save.isIdle) save.reset();
            if (!remove.isPending && !remove.isIdle) remove.reset();
          }}
          onSubmit={(body) => (event?.serie ? setPendingBody(body) : saveWith(body))}
        />
        {event ? <TrainingAttendance event={event} /> : null}
        {event ? extra : null}
      </Modal>
      {pendingBody && event ? (
        <SeriesScopeDialog
          title="Modifier un événement répété"
          question="Appliquer la modification à :"
          pending={save.isPending}
          onChoose={(portee) => saveWith(pendingBody, portee)}
          onCancel={() => setPendingBody(null)}
        />
      ) : null}
      {confirming && event?.serie ? (
        <SeriesScopeDialog
          title="Supprimer un événement répété"
          question="Supprimer :"
          danger
          pending={remove.isPending}
          onChoose={(portee) => removeWith({ id: event.id, portee })}
          onCancel={() => setConfirming(false)}
        />
      ) : confirming && event ? (
        <Modal
          title="Supprimer l'événement"
          role="alertdialog"
          describedBy={confirmTextId}
          onClose={() => setConfirming(false)}
          className="confirm-modal"
        >
          <p id={confirmTextId}>{EVENT_MESSAGES.confirmDelete}</p>
          <div className="actions">
            <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
              Annuler
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={remove.isPending}
              onClick={() => removeWith(event.id)}
            >
              {remove.isPending ? 'Suppression...' : 'Supprimer'}
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
