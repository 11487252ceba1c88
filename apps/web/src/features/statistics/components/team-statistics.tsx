import { useId, useState, type ReactNode } from 'react';
import {
  STATISTICS_MESSAGES,
  presenceRateText,
  seasonFirstYear,
  seasonParam,
  type TPlayerStatistics,
  type TTeamStatistics,
} from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { Table } from '../../../components/ui/table.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { downloadTeamStatisticsCsv, useTeamStatistics } from '../api/statistics.ts';
import { FormChips, PercentBar, ResultsBar } from './charts.tsx';
import './statistics.css';
import { TriangleAlert } from 'lucide-react';
import { Icon } from '../../../components/ui/icon.tsx';

const pct = (v: number | null) => (v === null ? '-' : `${v} %`);
const fullName = (p: TPlayerStatistics) => `${p.membre.prenom} ${p.membre.nom}`;
/** '83 %', « non relevée » when attendance was never taken (decision 0106), '-' without training. */
const presence = (p: TPlayerStatistics) => presenceRateText(p.tauxPresence, p.entrainements.total);

/** The season picker: the current season (from the first answer) and the four before it. */
export function SeasonSelect({
  current,
  value,
  onChange,
}: {
  current: string | undefined;
  value: string;
  onChange: (saison: string) => void;
}) {
  const id = useId();
  if (!current) return null;
  const first = seasonFirstYear(current);
  const seasons = [0, 1, 2, 3, 4].map((n) => seasonParam(first - n));
  return (
    <div className="field stats-season">
      <label htmlFor={id}>Saison</label>
      <select id={id} value={value || current} onChange={(e) => onChange(e.target.value)}>
        {seasons.map((s) => (
          <option key={s} value={s}>
            {s.replace('-', '–')}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The team's statistics page: results, the players' chart and its table, the CSV. */
export function TeamStatistics({
  teamId,
  teamName,
  extra,
}: {
  teamId: number;
  teamName?: string;
  /** What the app adds at the end of the page (the season's duty tally, for the staff). */
  extra?: ReactNode;
}) {
  const [saison, setSaison] = useState('');
  const [current, setCurrent] = useState<string>();
  const [exportError, setExportError] = useState<string | null>(null);
  const stats = useTeamStatistics(teamId, saison);
  const data = stats.data;
  if (data && !current && !saison) setCurrent(data.saison.libelle);
  const name = data?.equipe.nom ?? teamName ?? '';

  return (
    <main id="contenu" className="container page stats-page">
      <div className="stats-head">
        <h1>Statistiques{name ? ` – ${name}` : ''}</h1>
        <div className="stats-tools">
          <SeasonSelect current={current} value={saison} onChange={setSaison} />
          {data?.complet ? (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setExportError(null);
                downloadTeamStatisticsCsv(teamId, saison).catch((e: unknown) =>
                  setExportError(errorMessage(e, 'Impossible d’exporter les statistiques.')),
                );
              }}
            >
              Exporter en CSV
            </button>
          ) : null}
        </div>
      </div>
      {exportError ? <Alert tone="error">{exportError}</Alert> : null}
      {stats.isPending ? (
        <Loading label="Chargement des statistiques..." />
      ) : stats.isError && !data ? (
        <LoadError
          message={errorMessage(stats.error, STATISTICS_MESSAGES.loadFailed)}
          onRetry={() => stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : data ? (
        <StatisticsBody data={data} />
      ) : null}
      {extra}
    </main>
  );
}

function StatisticsBody({ data }: { data: TTeamStatistics }) {
  const { resultats: r, joueurs } = data;
  const empty =
    r.joues === 0 && data.entrainementsTenus === 0 && joueurs.every((j) => !j.matchs.convocations);
  const flagged = joueurs.filter((j) => j.alerteEquite);
  // Minutes played from the match sheets (docs/decisions/0128-playing-time.md).
  const shortOfTime = joueurs.filter((j) => j.alerteTempsDeJeu);
  const columns = playerColumns(data.complet);
  return (
    <>
      <p className="stats-muted">
        Du {frDate(data.saison.debut)} au {frDate(data.saison.fin)} ·{' '}
        {plural(data.entrainementsTenus, 'entraînement tenu', 'entraînements tenus')}
      </p>
      {empty ? <EmptyState title={STATISTICS_MESSAGES.empty} /> : null}
      <section className="card stats-results" aria-labelledby="stats-results-title">
        <h2 id="stats-results-title">Résultats</h2>
        <dl className="stats-figures">
          <div>
            <dt>Joués</dt>
            <dd>{r.joues}</dd>
          </div>
          <div>
            <dt>Victoires</dt>
            <dd>{r.victoires}</dd>
          </div>
          <div>
            <dt>Nuls</dt>
            <dd>{r.nuls}</dd>
          </div>
          <div>
            <dt>Défaites</dt>
            <dd>{r.defaites}</dd>
          </div>
          <div>
            <dt>Buts pour</dt>
            <dd>{r.butsPour}</dd>
          </div>
          <div>
            <dt>Buts contre</dt>
            <dd>{r.butsContre}</dd>
          </div>
        </dl>
        <ResultsBar resultats={r} />
        <div className="stats-form-row">
          <span>Forme :</span> <FormChips forme={r.forme} />
        </div>
      </section>

      {data.complet && flagged.length ? (
        <Alert tone="warning" className="stats-fairness">
          <strong>Équité du temps de jeu :</strong>{' '}
          {flagged.length === 1 ? 'ce joueur est sélectionné' : 'ces joueurs sont sélectionnés'}{' '}
          moins de la moitié aussi souvent que la médiane de l’équipe ({pct(data.medianeSelection)}{' '}
          des matchs où ils sont disponibles) :{' '}
          {flagged.map((j) => `${fullName(j)} (${pct(j.partSelection)})`).join(', ')}.
        </Alert>
      ) : null}

      {data.complet && shortOfTime.length ? (
        <Alert tone="warning" className="stats-fairness">
          <strong>Minutes jouées :</strong>{' '}
          {shortOfTime.length === 1 ? 'ce joueur a joué' : 'ces joueurs ont joué'} moins de la
          moitié de la part médiane de l’équipe ({pct(data.medianeTempsDeJeu)} des minutes où ils
          étaient sur la feuille ou disponibles) :{' '}
          {shortOfTime.map((j) => `${fullName(j)} (${pct(j.partTempsDeJeu)})`).join(', ')}.
        </Alert>
      ) : null}

      <section className="card" aria-labelledby="stats-players-title">
        <h2 id="stats-players-title">{data.complet ? 'Joueurs' : 'Mes chiffres'}</h2>
        {joueurs.length === 0 ? (
          <p className="stats-muted">Aucun joueur à afficher pour cette saison.</p>
        ) : (
          <>
            <figure className="stats-chart">
              <figcaption>
                Présence aux entraînements, part de sélection (sélectionné ÷ disponible) et part du
                temps de jeu (minutes jouées ÷ minutes des matchs où le joueur était sur la feuille
                ou disponible), par joueur.{' '}
                <span className="stats-key stats-key-presence">Présence</span>{' '}
                <span className="stats-key stats-key-selection">Sélection</span>{' '}
                <span className="stats-key stats-key-minutes">Temps de jeu</span>
              </figcaption>
              <ul className="stats-chart-rows">
                {joueurs.map((j) => (
                  <li
                    key={j.membre.id}
                    className={j.alerteEquite || j.alerteTempsDeJeu ? 'is-flagged' : undefined}
                  >
                    <span className="stats-chart-name">
                      {fullName(j)}
                      {j.alerteEquite ? (
                        <span className="stats-flag">
                          <Icon as={TriangleAlert} /> Équité
                        </span>
                      ) : null}
                      {j.alerteTempsDeJeu ? (
                        <span className="stats-flag">
                          <Icon as={TriangleAlert} /> Minutes
                        </span>
                      ) : null}
                      {!j.actuel ? <span className="stats-muted"> (ancien joueur)</span> : null}
                    </span>
                    <span className="stats-chart-bar">
                      <span className="stats-chart-label">Présence {presence(j)}</span>
                      <PercentBar value={j.tauxPresence} kind="presence" />
                    </span>
                    <span className="stats-chart-bar">
                      <span className="stats-chart-label">Sélection {pct(j.partSelection)}</span>
                      <PercentBar value={j.partSelection} kind="selection" />
                    </span>
                    {/* Minutes played from the match sheets (docs/decisions/0128-playing-time.md). */}
                    <span className="stats-chart-bar stats-chart-minutes">
                      <span className="stats-chart-label">
                        Temps de jeu {pct(j.partTempsDeJeu)}
                        {j.partTempsDeJeu === null ? null : ` · ${j.minutesJouees} min`}
                      </span>
                      <PercentBar value={j.partTempsDeJeu} kind="minutes" />
                    </span>
                  </li>
                ))}
              </ul>
            </figure>
            {/* Phones: one card per player, each value labelled (statistics.css hides the table). */}
            <ul className="stats-player-cards" aria-label="Chiffres par joueur">
              {joueurs.map((j) => (
                <li key={j.membre.id} className="stats-player-card">
                  <h3>{fullName(j)}</h3>
                  <dl>
                    {columns.map((c) => (
                      <div key={c.label}>
                        <dt>{c.label}</dt>
                        <dd>{c.value(j)}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
            <div className="stats-table">
              <Table
                label="Tableau des chiffres par joueur"
                headers={['Joueur', ...columns.map((c) => c.label)]}
              >
                {joueurs.map((j) => (
                  <tr key={j.membre.id}>
                    <th scope="row">{fullName(j)}</th>
                    {columns.map((c) => (
                      <td key={c.label}>{c.value(j)}</td>
                    ))}
                  </tr>
                ))}
              </Table>
            </div>
          </>
        )}
      </section>
    </>
  );
}

/** The per-player figures, in the table's column order and the phone cards' label order. */
function playerColumns(
  complet: boolean,
): { label: string; value: (p: TPlayerStatistics) => string }[] {
  return [
    {
      label: 'Entraînements',
      value: (j) => `${j.entrainements.presents} / ${j.entrainements.total}`,
    },
    { label: 'Présence', value: presence },
    { label: 'Convocations', value: (j) => String(j.matchs.convocations) },
    { label: 'Disponible', value: (j) => String(j.matchs.disponibles) },
    { label: 'Sélectionné', value: (j) => String(j.matchs.selectionne) },
    { label: 'Remplaçant', value: (j) => String(j.matchs.remplacant) },
    { label: 'Non retenu', value: (j) => String(j.matchs.nonRetenu) },
    { label: 'Part de sélection', value: (j) => pct(j.partSelection) },
    ...(complet
      ? [
          {
            label: 'Alerte équité',
            value: (j: TPlayerStatistics) => (j.alerteEquite ? 'Oui' : 'Non'),
          },
        ]
      : []),
    { label: 'Buts', value: (j) => String(j.buts) },
    { label: 'Passes décisives', value: (j) => String(j.passes) },
    { label: 'Cartons', value: (j) => String(j.cartons) },
    { label: 'Minutes jouées', value: (j) => String(j.minutesJouees) },
    { label: 'Part du temps de jeu', value: (j) => pct(j.partTempsDeJeu) },
    ...(complet
      ? [
          {
            label: 'Alerte temps de jeu',
            value: (j: TPlayerStatistics) => (j.alerteTempsDeJeu ? 'Oui' : 'Non'),
          },
        ]
      : []),
  ];
}

export function frDate(iso: string) {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}
export function plural(n: number, one: string, many: string) {
  return `${n} ${n > 1 ? many : one}`;
}
