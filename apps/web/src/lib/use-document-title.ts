import { useEffect } from 'react';

/** Sets the page title: '<page> — Club Manager'. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} — Club Manager` : 'Club Manager';
  }, [title]);
}
