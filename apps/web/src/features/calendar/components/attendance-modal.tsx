import { frenchTime, type TEvent } from '@club/contract';
import { Modal } from '../../../components/ui/modal.tsx';
import { calendarEventTitle } from '../lib/event-style.ts';
import { TrainingAttendance } from './training-attendance.tsx';

export const ATTENDANCE_MODAL_TEXTS = {
  title: (name: string) => `Présences : ${name}`,
  edit: "Modifier l'événement",
  close: 'Fermer',
} as const;

const day = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full' });

/**
 * A training of today or of the past, tapped by its staff: the attendance first, pitch-side
 * (decision 0101): the roll call, « Tous présents », one save; the event's form one tap away.
 * The dialog itself takes the focus, so that no field brings the phone's keyboard up.
 */
export function AttendanceModal({
  event,
  onEdit,
  onClose,
}: {
  event: TEvent;
  onEdit: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      title={ATTENDANCE_MODAL_TEXTS.title(calendarEventTitle(event))}
      onClose={onClose}
      className="event-detail attendance-modal"
      focusDialog
    >
      <p className="muted attendance-modal-when">
        {day.format(new Date(event.dateDebut))} à {frenchTime(event.dateDebut)}
        {event.lieux ? ` · ${event.lieux}` : ''}
      </p>
      <TrainingAttendance event={event} />
      <div className="actions">
        <button type="button" className="btn btn-ghost" onClick={onEdit}>
          {ATTENDANCE_MODAL_TEXTS.edit}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {ATTENDANCE_MODAL_TEXTS.close}
        </button>
      </div>
    </Modal>
  );
}
