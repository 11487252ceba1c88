import { useDeferredValue, useId, useRef, useState } from 'react';
import {
  MEMBER_FIELD_MESSAGES,
  MEMBER_LIMITS,
  normalizeText,
  type TChildRef,
  type TTeamRef,
} from '@club/contract';

/** A club member the parent may be linked to. */
export interface ChildCandidate extends TChildRef {
  equipes?: readonly TTeamRef[];
}

export interface ChildrenPickerProps {
  /** The club's members (the parent being edited is left out). */
  candidates: readonly ChildCandidate[];
  /** Chosen members' ids (the request's `enfantsIds`). */
  value: readonly number[];
  onChange: (ids: number[]) => void;
  /** Children already linked, named even when the candidates are not loaded yet. */
  known?: readonly TChildRef[];
  /** The member being edited: never their own child. */
  selfId?: number;
  loading?: boolean;
  error?: string;
  /**
   * Which link is chosen: the member's children (`enfantsIds`, any adult, decision 0110) or a
   * minor's guardians (`parentsIds`). Children by default.
   */
  kind?: 'enfants' | 'parents';
}

/** The words of each kind of link. */
const WORDS = {
  enfants: {
    legend: 'Enfants',
    none: 'Aucun enfant lié.',
    linked: 'Enfants liés',
    search: 'Rechercher un enfant parmi les membres',
    tooMany: MEMBER_FIELD_MESSAGES.tooManyChildren,
  },
  parents: {
    legend: 'Parents',
    none: 'Aucun parent lié.',
    linked: 'Parents liés',
    search: 'Rechercher un parent parmi les membres',
    tooMany: MEMBER_FIELD_MESSAGES.tooManyParents,
  },
} as const;

/** Results shown at once: the search narrows them down. */
const RESULTS_MAX = 8;

const fullName = (m: TChildRef) => `${m.prenom} ${m.nom}`;
const teamsText = (m: ChildCandidate) =>
  m.equipes && m.equipes.length > 0 ? ` (${m.equipes.map((t) => t.nom).join(', ')})` : '';

/**
 * A member's children, or a minor's guardians, in the member form (decisions 0012, 0110): the chosen ones with a "Retirer" button,
 * and a search among the club's members (first or last name, accents and case ignored) whose
 * results are "Ajouter" buttons. At most MEMBER_LIMITS.childrenMax children.
 */
/** One member of a list, with its teams, and the button that adds or removes them. */
function CandidateItem({
  candidate,
  action,
  buttonClass,
  onAction,
}: {
  candidate: ChildCandidate;
  action: 'Ajouter' | 'Retirer';
  buttonClass: string;
  onAction: () => void;
}) {
  return (
    <li>
      <span>
        {fullName(candidate)}
        <span className="muted">{teamsText(candidate)}</span>
      </span>
      <button
        type="button"
        className={`btn ${buttonClass} btn-sm`}
        aria-label={`${action} ${fullName(candidate)}`}
        onClick={onAction}
      >
        {action}
      </button>
    </li>
  );
}

export function ChildrenPicker({
  candidates,
  value,
  onChange,
  known = [],
  selfId,
  loading,
  error,
  kind = 'enfants',
}: ChildrenPickerProps) {
  const words = WORDS[kind];
  const id = useId();
  const [query, setQuery] = useState('');
  // The button pressed disappears: the focus goes back to the search box.
  const search = useRef<HTMLInputElement>(null);
  const deferred = useDeferredValue(query);
  const full = value.length >= MEMBER_LIMITS.childrenMax;
  const byId = new Map<number, ChildCandidate>([
    ...known.map((k) => [k.id, k] as const),
    ...candidates.map((c) => [c.id, c] as const),
  ]);
  const chosen = value.map((v) => byId.get(v) ?? { id: v, nom: '', prenom: `Membre n° ${v}` });

  const needle = normalizeText(deferred.trim());
  const matches = needle
    ? candidates.filter(
        (c) =>
          c.id !== selfId &&
          !value.includes(c.id) &&
          (normalizeText(`${c.prenom} ${c.nom}`).includes(needle) ||
            normalizeText(`${c.nom} ${c.prenom}`).includes(needle)),
      )
    : [];
  const shown = matches.slice(0, RESULTS_MAX);

  return (
    <fieldset
      className="choice-group"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>{words.legend}</legend>
      {chosen.length === 0 ? (
        <p className="field-hint">{words.none}</p>
      ) : (
        <ul className="choice-list" aria-label={words.linked}>
          {chosen.map((c) => (
            <CandidateItem
              key={c.id}
              candidate={c}
              action="Retirer"
              buttonClass="btn-ghost"
              onAction={() => {
                onChange(value.filter((v) => v !== c.id));
                search.current?.focus();
              }}
            />
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor={`${id}-search`}>{words.search}</label>
        <input
          ref={search}
          id={`${id}-search`}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          // Enter in the search box must not send the whole form.
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
          aria-describedby={`${id}-status`}
          autoComplete="off"
        />
      </div>
      <p id={`${id}-status`} className="field-hint" aria-live="polite">
        {full
          ? words.tooMany
          : loading
            ? 'Chargement des membres...'
            : !needle
              ? 'Tapez un nom ou un prénom.'
              : matches.length === 0
                ? 'Aucun membre trouvé'
                : matches.length > RESULTS_MAX
                  ? `${matches.length} membres trouvés, ${RESULTS_MAX} affichés : précisez la recherche.`
                  : `${matches.length} membre${matches.length > 1 ? 's' : ''} trouvé${matches.length > 1 ? 's' : ''}`}
      </p>
      {shown.length > 0 && !full ? (
        <ul className="choice-list" aria-label="Membres trouvés">
          {shown.map((c) => (
            <CandidateItem
              key={c.id}
              candidate={c}
              action="Ajouter"
              buttonClass="btn-secondary"
              onAction={() => {
                onChange([...value, c.id]);
                setQuery('');
                search.current?.focus();
              }}
            />
          ))}
        </ul>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="field-error" role="alert">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
