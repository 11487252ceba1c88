import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import {
  IMPORT_OUTCOME_LABELS,
  MEMBER_IMPORT_LIMITS,
  MEMBER_IMPORT_MESSAGES,
  type TImportError,
  type TImportOutcome,
  type TImportReport,
} from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useImportMembers } from '../api/season.ts';
import './season.css';

type Step =
  | { kind: 'choose' }
  | { kind: 'checking'; file: File }
  | { kind: 'preview'; file: File; report: TImportReport }
  | { kind: 'importing'; file: File; report: TImportReport }
  | { kind: 'done'; report: TImportReport };

/** Rows of the preview drawn at once; more on request (a file may hold 5,000). */
const PREVIEW_STEP = 100;

const OUTCOME_TONE: Record<TImportOutcome, string> = {
  NOUVEAU: 'info',
  MIS_A_JOUR: 'warning',
  INCHANGE: 'neutral',
  ERREUR: 'danger',
};

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('fr-FR')} ${n > 1 ? many : one}`;

/** "12 nouveaux, 3 mis à jour, 25 inchangés, 2 erreurs" */
function countsText(r: TImportReport) {
  const failedRows = new Set(r.erreurs.map((e) => e.ligne)).size;
  return [
    plural(r.crees, 'nouveau', 'nouveaux'),
    plural(r.misAJour, 'mis à jour', 'mis à jour'),
    plural(r.inchanges, 'inchangé', 'inchangés'),
    plural(failedRows, 'ligne en erreur', 'lignes en erreur'),
  ].join(', ');
}

/** Checks done before sending (the server checks again, by content). */
function fileProblem(file: File): string | null {
  if (/\.(xlsx|xlsm|xls|ods|numbers)$/i.test(file.name)) return MEMBER_IMPORT_MESSAGES.spreadsheet;
  if (file.size > MEMBER_IMPORT_LIMITS.maxBytes) return MEMBER_IMPORT_MESSAGES.tooLarge;
  return null;
}

export interface ImportDialogProps {
  clubId: number;
  onClose: () => void;
}

/**
 * "Importer" on the club members page: drop or choose a CSV file, see what each row would do
 * (a simulation on the server: nothing is written), confirm, wait (a progress bar), read the
 * summary. Every step moves the focus to its heading and is announced to screen readers; rows in
 * error show their message next to the cell at fault. Nothing is imported while a row is wrong:
 * the leader fixes the file and chooses it again.
 */
export function ImportDialog({ clubId, onClose }: ImportDialogProps) {
  const run = useImportMembers(clubId);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const busy = step.kind === 'checking' || step.kind === 'importing';

  // Each step's heading takes the focus, so that keyboard and screen reader users follow.
  useEffect(() => {
    if (step.kind !== 'choose' || problem) headingRef.current?.focus();
  }, [step.kind, problem]);

  const check = (file: File) => {
    const p = fileProblem(file);
    setProblem(p);
    if (p) {
      setAnnounce(p);
      return;
    }
    setStep({ kind: 'checking', file });
    setAnnounce(`Analyse du fichier ${file.name}…`);
    run.mutate(
      { file, simulation: true },
      {
        onSuccess: ({ report }) => {
          setStep({ kind: 'preview', file, report });
          setAnnounce(
            `Aperçu : ${plural(report.lignes, 'ligne', 'lignes')} ; ${countsText(report)}.`,
          );
        },
        onError: (err) => {
          const text = errorMessage(err, 'Le fichier n’a pas pu être analysé. Réessayez.');
          setProblem(text);
          setAnnounce(text);
          setStep({ kind: 'choose' });
        },
      },
    );
  };

  const confirm = () => {
    if (step.kind !== 'preview') return;
    const { file, report } = step;
    setStep({ kind: 'importing', file, report });
    setAnnounce(`Import de ${plural(report.lignes, 'ligne', 'lignes')} en cours…`);
    run.mutate(
      { file, simulation: false },
      {
        onSuccess: ({ refused, report: result }) => {
          if (refused) {
            // The club changed since the preview: show the rows to fix.
            setStep({ kind: 'preview', file, report: { ...result, apercu: report.apercu } });
            setAnnounce(result.message ?? MEMBER_IMPORT_MESSAGES.refused(result.erreurs.length));
            return;
          }
          setStep({ kind: 'done', report: result });
          setAnnounce(`Import terminé : ${countsText(result)}.`);
        },
        onError: (err) => {
          const text = errorMessage(err, 'L’import a échoué : rien n’a été enregistré. Réessayez.');
          setProblem(text);
          setAnnounce(text);
          setStep({ kind: 'preview', file, report });
        },
      },
    );
  };

  return (
    <Modal
      title="Importer des membres"
      onClose={() => (busy ? undefined : onClose())}
      closeOnBackdrop={false}
      className="import-modal"
    >
      <p
        className="visually-hidden"
        role="status"
        aria-live="polite"
        data-testid="import-announcer"
      >
        {announce}
      </p>
      {step.kind === 'choose' ? (
        <ChooseStep headingRef={headingRef} problem={problem} onFile={check} />
      ) : step.kind === 'checking' ? (
        <Working headingRef={headingRef} title="Analyse du fichier">
          Lecture de « {step.file.name} » et vérification de chaque ligne. Rien n’est encore
          enregistré.
        </Working>
      ) : step.kind === 'preview' ? (
        <PreviewStep
          headingRef={headingRef}
          file={step.file}
          report={step.report}
          problem={problem}
          onConfirm={confirm}
          onOtherFile={() => {
            setProblem(null);
            setStep({ kind: 'choose' });
          }}
          onFile={check}
        />
      ) : step.kind === 'importing' ? (
        <Working headingRef={headingRef} title="Import en cours">
          Enregistrement de {plural(step.report.lignes, 'ligne', 'lignes')} de « {step.file.name}» :
          ne fermez pas cette fenêtre.
        </Working>
      ) : (
        <DoneStep headingRef={headingRef} report={step.report} onClose={onClose} />
      )}
    </Modal>
  );
}

type HeadingRef = RefObject<HTMLHeadingElement | null>;

function ChooseStep({
  headingRef,
  problem,
  onFile,
}: {
  headingRef: HeadingRef;
  problem: string | null;
  onFile: (f: File) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const f = e.dataTransfer.files?.[0];
    if (f) onFile(f);
  };
  return (
    <div className="import-step">
      <h3 ref={headingRef} tabIndex={-1} className="import-step-title">
        Choisir le fichier
      </h3>
      <p id={hintId}>
        Un fichier <strong>CSV</strong> enregistré depuis votre tableur (colonnes séparées par des
        points-virgules, des virgules ou des tabulations), 2 Mo et{' '}
        {MEMBER_IMPORT_LIMITS.maxRows.toLocaleString('fr-FR')} lignes au plus. La première ligne
        nomme les colonnes : Nom, Prénom, Date de naissance, Genre, E-mail, Téléphone, N° licence,
        Rôle, Rôle club, Statut, Équipes (rôle), Parents…
      </p>
      <ul className="import-rules">
        <li>
          Un membre déjà inscrit est reconnu par son e-mail, sinon par son numéro de licence, et mis
          à jour ; une cellule vide ne change rien.
        </li>
        <li>
          Un nouveau membre reçoit une invitation par e-mail ; sans rôle, il est joueur. Ses nom,
          prénom, date de naissance, genre, e-mail et téléphone sont obligatoires.
        </li>
        <li>
          Chaque équipe peut porter le rôle du membre : « U11 (Entraîneur), Vétérans (Joueur) ». Un
          enfant sans e-mail ni téléphone est accepté si l’e-mail d’un parent figure dans la colonne
          « Parents » : ses messages vont à ses parents.
        </li>
        <li>Aucun membre n’est supprimé. Vous verrez chaque ligne avant de confirmer.</li>
      </ul>
      <div
        className={`import-drop ${dragging ? 'is-dragging' : ''}`}
        data-testid="import-drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p className="muted">Glissez le fichier ici ou</p>
        <button
          type="button"
          className="btn"
          aria-describedby={hintId}
          onClick={() => inputRef.current?.click()}
        >
          Choisir un fichier
        </button>
        <input
          ref={inputRef}
          type="file"
          accept=".csv,.txt,.tsv,text/csv,text/plain"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="import-file-input"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) onFile(f);
          }}
        />
      </div>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
    </div>
  );
}

function Working({
  headingRef,
  title,
  children,
}: {
  headingRef: HeadingRef;
  title: string;
  children: ReactNode;
}) {
  const labelId = useId();
  return (
    <div className="import-step" aria-busy="true">
      <h3 ref={headingRef} tabIndex={-1} className="import-step-title" id={labelId}>
        {title}
      </h3>
      <p>{children}</p>
      {/* Indeterminate: the server answers once, at the end of its one transaction (decision 0070). */}
      <progress className="import-progress" aria-labelledby={labelId} />
    </div>
  );
}

function PreviewStep({
  headingRef,
  file,
  report,
  problem,
  onConfirm,
  onOtherFile,
  onFile,
}: {
  headingRef: HeadingRef;
  file: File;
  report: TImportReport;
  problem: string | null;
  onConfirm: () => void;
  onOtherFile: () => void;
  onFile: (f: File) => void;
}) {
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [shown, setShown] = useState(PREVIEW_STEP);
  const inputRef = useRef<HTMLInputElement>(null);
  const fileErrors = report.erreurs.filter((e) => e.ligne === 1);
  const failedRows = new Set(report.erreurs.map((e) => e.ligne)).size;
  const errorsAt = useMemo(() => {
    const map = new Map<string, TImportError[]>();
    for (const e of report.erreurs) {
      const k = `${e.ligne}|${e.colonne}`;
      map.set(k, [...(map.get(k) ?? []), e]);
    }
    return map;
  }, [report.erreurs]);
  // Errors of a row not tied to one of the file's columns (a rule on the whole row, a column the
  // file lacks) are shown beside the row's outcome.
  const headers = new Set(report.colonnes.map((c) => c.entete));
  const rowErrors = (ligne: number) =>
    report.erreurs.filter((e) => e.ligne === ligne && !headers.has(e.colonne));
  const cellErrors = (ligne: number) =>
    report.erreurs.filter((e) => e.ligne === ligne && headers.has(e.colonne));
  const rows = (report.apercu ?? []).filter((r) => !onlyErrors || r.resultat === 'ERREUR');
  const ignored = report.colonnes.filter((c) => !c.champ).map((c) => c.entete);
  const total = report.crees + report.misAJour;

  return (
    <div className="import-step">
      <h3 ref={headingRef} tabIndex={-1} className="import-step-title">
        Aperçu de « {file.name} »
      </h3>
      <p>
        {plural(report.lignes, 'ligne', 'lignes')} : {countsText(report)}. Rien n’est encore
        enregistré.
      </p>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {report.message ? <Alert tone="error">{report.message}</Alert> : null}
      {fileErrors.length ? (
        <Alert tone="error">
          <ul className="import-file-errors">
            {fileErrors.map((e) => (
              <li key={e.message}>{e.message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {failedRows > 0 && !fileErrors.length ? (
        <Alert tone="warning">
          {plural(failedRows, 'ligne est', 'lignes sont')} en erreur : corrigez le fichier dans
          votre tableur, enregistrez-le, puis choisissez-le à nouveau. Les messages sont à côté des
          cellules en cause.
        </Alert>
      ) : null}
      {ignored.length ? <p className="muted">Colonnes ignorées : {ignored.join(', ')}.</p> : null}

      {report.apercu?.length ? (
        <>
          <label className="checkbox import-only-errors">
            <input
              type="checkbox"
              checked={onlyErrors}
              onChange={(e) => {
                setOnlyErrors(e.target.checked);
                setShown(PREVIEW_STEP);
              }}
              disabled={failedRows === 0}
            />
            Lignes en erreur seulement
          </label>
          <div
            className="table-wrap import-table-wrap"
            role="region"
            aria-label="Aperçu des lignes du fichier"
            tabIndex={0}
          >
            <table className="table import-table">
              <caption className="visually-hidden">
                Chaque ligne du fichier et ce que l’import en fera
              </caption>
              <thead>
                <tr>
                  <th scope="col">Ligne</th>
                  <th scope="col">Résultat</th>
                  {report.colonnes.map((c, i) => (
                    <th scope="col" key={i} className={c.champ ? undefined : 'is-ignored'}>
                      {c.entete}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, shown).map((r) => (
                  <tr key={r.ligne} className={r.resultat === 'ERREUR' ? 'is-error' : undefined}>
                    <th scope="row">{r.ligne}</th>
                    <td>
                      <span className={`pill pill-${OUTCOME_TONE[r.resultat]}`}>
                        {IMPORT_OUTCOME_LABELS[r.resultat]}
                      </span>
                      {r.modifications.length ? (
                        <div className="import-changed">{r.modifications.join(', ')}</div>
                      ) : null}
                      {rowErrors(r.ligne).map((e) => (
                        <div key={e.message} className="import-cell-error">
                          {e.colonne ? `${e.colonne} : ` : ''}
                          {e.message}
                        </div>
                      ))}
                      {cellErrors(r.ligne).length ? (
                        <div className="import-changed wide-only">
                          À corriger :{' '}
                          {[...new Set(cellErrors(r.ligne).map((e) => e.colonne))].join(', ')}
                        </div>
                      ) : null}
                      {/* On a phone the row's cells are off screen: their messages are here. */}
                      {cellErrors(r.ligne).map((e) => (
                        <div
                          key={`${e.colonne}|${e.message}`}
                          className="import-cell-error narrow-only"
                        >
                          {e.colonne} : {e.message}
                        </div>
                      ))}
                    </td>
                    {report.colonnes.map((c, i) => {
                      const errs = errorsAt.get(`${r.ligne}|${c.entete}`);
                      return (
                        <td key={i} className={errs ? 'has-error' : undefined}>
                          <span className="import-value">{r.valeurs[i] || '—'}</span>
                          {errs?.map((e) => (
                            <div key={e.message} className="import-cell-error wide-only">
                              {e.message}
                            </div>
                          ))}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {rows.length > shown ? (
            <div className="more-rows">
              <span className="muted">
                {shown} lignes sur {rows.length} affichées
              </span>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => setShown((n) => n + PREVIEW_STEP)}
              >
                Afficher plus
              </button>
            </div>
          ) : null}
        </>
      ) : null}

      <div className="actions import-actions">
        <button type="button" className="btn btn-secondary" onClick={onOtherFile}>
          Choisir un autre fichier
        </button>
        {failedRows > 0 || fileErrors.length ? (
          <>
            <button type="button" className="btn" onClick={() => inputRef.current?.click()}>
              Choisir le fichier corrigé
            </button>
            <input
              ref={inputRef}
              type="file"
              accept=".csv,.txt,.tsv,text/csv,text/plain"
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="import-fixed-file-input"
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) onFile(f);
              }}
            />
          </>
        ) : (
          <button type="button" className="btn" onClick={onConfirm} disabled={total === 0}>
            {total === 0
              ? 'Rien à importer'
              : `Confirmer l’import (${plural(report.crees, 'nouveau', 'nouveaux')}, ${plural(report.misAJour, 'mis à jour', 'mis à jour')})`}
          </button>
        )}
      </div>
    </div>
  );
}

function DoneStep({
  headingRef,
  report,
  onClose,
}: {
  headingRef: HeadingRef;
  report: TImportReport;
  onClose: () => void;
}) {
  return (
    <div className="import-step">
      <h3 ref={headingRef} tabIndex={-1} className="import-step-title">
        Import terminé
      </h3>
      <Alert tone="success">
        <ul className="import-summary">
          <li>
            {plural(report.crees, 'membre créé', 'membres créés')}
            {report.crees ? ' : chacun reçoit une invitation par e-mail' : ''}
          </li>
          <li>{plural(report.misAJour, 'membre mis à jour', 'membres mis à jour')}</li>
          <li>{plural(report.inchanges, 'membre inchangé', 'membres inchangés')}</li>
        </ul>
      </Alert>
      <div className="actions">
        <button type="button" className="btn" onClick={onClose}>
          Fermer
        </button>
      </div>
    </div>
  );
}
