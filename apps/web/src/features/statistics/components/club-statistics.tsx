import { useState } from 'react';
import { Link } from 'react-router';
import { STATISTICS_MESSAGES, presenceRateText, type TClubTeamStatistics } from '@club/contract';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { Table } from '../../../components/ui/table.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { teamPath } from '../../../lib/session.ts';
import { useClubStatistics } from '../api/statistics.ts';
import { FormChips, PercentBar } from './charts.tsx';
import { SeasonSelect, frDate } from './team-statistics.tsx';
import './statistics.css';
import { TriangleAlert } from 'lucide-react';
import { Icon } from '../../../components/ui/icon.tsx';

/** '45 %', « non relevée » when attendance was never taken (decision 0106), '-' without training. */
const presence = (e: TClubTeamStatistics) => presenceRateText(e.tauxPresence, e.entrainementsTenus);

/** The leaders' overview: attendance and results per team, each team linking to its page. */
export function ClubStatistics({ clubId, clubName }: { clubId: number; clubName: string }) {
  const [saison, setSaison] = useState('');
  const [current, setCurrent] = useState<string>();
  const stats = useClubStatistics(clubId, saison);
  const data = stats.data;
  if (data && !current && !saison) setCurrent(data.saison.libelle);

  return (
    <main id="contenu" className="container page stats-page">
      <div className="stats-head">
        <h1>Statistiques du club</h1>
        <div className="stats-tools">
          <SeasonSelect current={current} value={saison} onChange={setSaison} />
        </div>
      </div>
      {stats.isPending ? (
        <Loading label="Chargement des statistiques..." />
      ) : stats.isError && !data ? (
        <LoadError
          message={errorMessage(stats.error, STATISTICS_MESSAGES.loadFailed)}
          onRetry={() => stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : data ? (
        <>
          <p className="stats-muted">
            Du {frDate(data.saison.debut)} au {frDate(data.saison.fin)}
          </p>
          {data.equipes.length === 0 ? (
            <EmptyState title="Aucune équipe dans ce club." />
          ) : (
            <>
              <section className="card" aria-labelledby="stats-club-chart">
                <h2 id="stats-club-chart">Présence aux entraînements par équipe</h2>
                <figure className="stats-chart">
                  <figcaption className="visually-hidden">
                    Taux de présence aux entraînements de chaque équipe ; le tableau ci-dessous
                    donne tous les chiffres.
                  </figcaption>
                  <ul className="stats-chart-rows">
                    {data.equipes.map((e) => (
                      <li key={e.equipe.id}>
                        <span className="stats-chart-name">
                          <Link to={teamPath(clubName, e.equipe.nom, 'statistiques')}>
                            {e.equipe.nom}
                          </Link>
                          {e.alertesEquite ? (
                            <span className="stats-flag">
                              <Icon as={TriangleAlert} /> {e.alertesEquite} équité
                            </span>
                          ) : null}
                        </span>
                        <span className="stats-chart-bar">
                          <span className="stats-chart-label">Présence {presence(e)}</span>
                          <PercentBar value={e.tauxPresence} kind="presence" />
                        </span>
                        <span className="stats-chart-bar stats-chart-form">
                          <span className="stats-chart-label">
                            {e.resultats.victoires} V · {e.resultats.nuls} N ·{' '}
                            {e.resultats.defaites} D
                          </span>
                          <FormChips forme={e.resultats.forme} />
                        </span>
                      </li>
                    ))}
                  </ul>
                </figure>
              </section>
              <section className="card" aria-labelledby="stats-club-table">
                <h2 id="stats-club-table">Par équipe</h2>
                <Table
                  label="Tableau des chiffres par équipe"
                  headers={[
                    'Équipe',
                    'Joueurs',
                    'Entraînements tenus',
                    'Présence',
                    'Joués',
                    'Victoires',
                    'Nuls',
                    'Défaites',
                    'Buts pour',
                    'Buts contre',
                    'Alertes équité',
                  ]}
                >
                  {data.equipes.map((e) => (
                    <tr key={e.equipe.id}>
                      <th scope="row">{e.equipe.nom}</th>
                      <td>{e.joueurs}</td>
                      <td>{e.entrainementsTenus}</td>
                      <td>{presence(e)}</td>
                      <td>{e.resultats.joues}</td>
                      <td>{e.resultats.victoires}</td>
                      <td>{e.resultats.nuls}</td>
                      <td>{e.resultats.defaites}</td>
                      <td>{e.resultats.butsPour}</td>
                      <td>{e.resultats.butsContre}</td>
                      <td>{e.alertesEquite}</td>
                    </tr>
                  ))}
                </Table>
              </section>
            </>
          )}
        </>
      ) : null}
    </main>
  );
}
