import type { ReactNode } from 'react';

/**
 * A table in a focusable, labelled frame (keyboard users can scroll it); the first column stays in
 * view. Rows are given as children (`<tr>`), headers as labels.
 */
export function Table({
  label,
  headers,
  children,
}: {
  label: string;
  headers: readonly (string | { label: string; hidden?: boolean })[];
  children: ReactNode;
}) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="table table-sticky">
        <thead>
          <tr>
            {headers.map((h) => {
              const { label: text, hidden } =
                typeof h === 'string' ? { label: h, hidden: false } : h;
              return (
                <th key={text} scope="col">
                  {hidden ? <span className="visually-hidden">{text}</span> : text}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
