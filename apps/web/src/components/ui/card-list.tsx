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

/** A list of cards: what a table becomes on a phone (below 640 px). */
export function CardList({ label, items }: { label: string; items: readonly CardListItem[] }) {
  return (
    <ul className="card-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className="card-list-item">
          <div className="card-list-head">
            {item.leading}
            <div className="card-list-titles">
              <h3 className="card-list-title">{item.title}</h3>
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
