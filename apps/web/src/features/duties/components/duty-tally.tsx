import { useId, useState } from 'react';
import { isStaffFor, memberSubject } from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useCurrentMember } from '../../../lib/session.ts';
import { downloadDutyTallyCsv, useDutyTally } from '../api/duties.ts';
import './duties.css';

export const TALLY_TEXT = {
  title: 'Tâches bénévoles de la saison',
  loading: 'Chargement du bilan des tâches…',
  loadFailed: 'Bilan des tâches indisponible.',
  none: 'Aucune famille dans cette équipe.',
  family: 'Famille',
  members: 'Membres',
  tasks: 'Tâches',
  csv: 'Exporter le bilan (CSV)',
  csvFailed: 'L’export n’a pas abouti.',
} as const;

/**
 * The season's tally per family of a team (docs/decisions/0134): who carries the duties, the most
 * first, and its CSV. The team's coaches and the leaders; nothing for anyone else.
 */
export function DutyTally({ teamId }: { teamId: number }) {
  const { data: me } = useCurrentMember();
  if (!me || !isStaffFor(memberSubject(me), [teamId])) return null;
  return <TallySection teamId={teamId} />;
}

function TallySection({ teamId }: { teamId: number }) {
  const headingId = useId();
  const tally = useDutyTally(teamId);
  const [csvError, setCsvError] = useState<unknown>(null);
  return (
    <section className="dashboard-section duty-tally" aria-labelledby={headingId}>
      <h2 id={headingId}>{TALLY_TEXT.title}</h2>
      {tally.isPending ? (
        <p className="muted">{TALLY_TEXT.loading}</p>
      ) : tally.isError ? (
        <LoadError
          message={errorMessage(tally.error, TALLY_TEXT.loadFailed)}
          onRetry={() => tally.refetch()}
          retrying={tally.isFetching}
        />
      ) : tally.data.length === 0 ? (
        <p className="muted">{TALLY_TEXT.none}</p>
      ) : (
        <table className="table duty-tally-table">
          <thead>
            <tr>
              <th scope="col">{TALLY_TEXT.family}</th>
              <th scope="col">{TALLY_TEXT.members}</th>
              <th scope="col">{TALLY_TEXT.tasks}</th>
            </tr>
          </thead>
          <tbody>
            {tally.data.map((f) => (
              <tr key={f.familleId}>
                <th scope="row">{f.famille}</th>
                <td>{f.membres.map((m) => m.prenom).join(', ')}</td>
                <td>{f.taches}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="duties-actions">
        <button
          type="button"
          className="btn btn-sm btn-secondary"
          onClick={() => {
            setCsvError(null);
            downloadDutyTallyCsv(teamId).catch(setCsvError);
          }}
        >
          {TALLY_TEXT.csv}
        </button>
      </div>
      {csvError ? <Alert tone="error">{errorMessage(csvError, TALLY_TEXT.csvFailed)}</Alert> : null}
    </section>
  );
}
