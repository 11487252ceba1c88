import './ui.css';
import type { ReactNode } from 'react';

export interface CardListItem {
  key: string | number;
  /** The card's heading (a person's or a match's name). */
  title: ReactNode;
  /** Shown before the title, e.g. an avatar. */
  leading?: ReactNode;
  /** One line under the title (role · team). */
  subtitle?: ReactNode;
  /** Pills (status…). */
  badges?: ReactNode;
  /** The one or two facts that matter. */
  facts?: readonly { label: string; value: ReactNode }[];
  /** A menu button of actions. */
  actions?: ReactNode;
  /** Below the facts: e.g. a disclosure with the rest. */
  more?: ReactNode;
}

/**
 * A list of cards: what a table becomes on a phone (below 640 px). `headingLevel` follows the
 * page's outline: 2 right under the page's h1, 3 (default) under a section's h2.
 */
export function CardList({
  label,
  items,
  headingLevel = 3,
}: {
  label: string;
  items: readonly CardListItem[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="card-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className="card-list-item">
          <div className="card-list-head">
            {item.leading}
            <div className="card-list-titles">
              <Heading className="card-list-title">{item.title}</Heading>
              {item.subtitle ? <div className="card-list-subtitle">{item.subtitle}</div> : null}
            </div>
            {item.actions ? <div className="card-list-actions">{item.actions}</div> : null}
          </div>
          {item.badges ? <div className="card-list-badges">{item.badges}</div> : null}
          {item.facts && item.facts.length > 0 ? (
            <dl className="card-list-facts">
              {item.facts.map((f) => (
                <div key={f.label}>
                  <dt>{f.label}</dt>
                  <dd>{f.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {item.more}
        </li>
      ))}
    </ul>
  );
}
