import type { ReactNode } from 'react';
import { Loading } from './loading.tsx';
import './ui.css';

/**
 * A loading state that takes the room of what it waits for, so that nothing under it moves when
 * the data arrive (no layout shift): `children` is that content drawn with placeholder data,
 * invisible and inert, and the loading text shows over its top. The content then replaces it at
 * the same size, whatever the width.
 */
export function Reserved({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="reserved">
      <div className="reserved-frame" inert aria-hidden="true">
        {children}
      </div>
      <Loading label={label} />
    </div>
  );
}
