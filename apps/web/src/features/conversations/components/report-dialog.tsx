import { CONVERSATION_LIMITS, ZMessageReportSchema } from '@club/contract';
import { Field } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { applyApiError } from '../../../lib/form-errors.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useReportMessage } from '../api/conversations.ts';
import { CONVERSATION_TEXTS as T } from '../texts.ts';

/** The report of a message: its reason, sent to the club's leaders (docs/decisions/0121). */
export function ReportDialog({
  id,
  onClose,
  onReported,
}: {
  id: number;
  onClose: () => void;
  onReported: () => void;
}) {
  const report = useReportMessage();
  const form = useZodForm(ZMessageReportSchema, {
    timing: 'submit',
    defaultValues: { motif: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async ({ motif }) => {
    try {
      await report.mutateAsync({ id, motif });
      onReported();
    } catch (err) {
      applyApiError(form.setError, err, { fallback: T.reportFailed, fields: ['motif'] });
    }
  });
  return (
    <Modal title={T.reportTitle} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <Field label={T.reportReason} error={errors.motif?.message} hint={T.reportHint}>
          <textarea rows={3} maxLength={CONVERSATION_LIMITS.motifMax} {...form.register('motif')} />
        </Field>
        {errors.root?.server?.message ? (
          <p className="field-error" role="alert">
            {errors.root.server.message}
          </p>
        ) : null}
        <div className="actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Annuler
          </button>
          <button type="submit" className="btn" disabled={report.isPending}>
            {T.report}
          </button>
        </div>
      </form>
    </Modal>
  );
}
