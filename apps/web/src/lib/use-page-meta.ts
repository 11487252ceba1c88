import { useEffect } from 'react';

/** Title and meta description of a page (app/public-pages.ts lists those of the public pages). */
export interface PageMeta {
  title: string;
  description: string;
}

/** Sets the document title and meta description on client-side navigation (prerender sets them in HTML). */
export function usePageMeta(meta: PageMeta): void {
  useEffect(() => {
    document.title = meta.title;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = meta.description;
  }, [meta.title, meta.description]);
}
