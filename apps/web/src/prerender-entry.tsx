import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app.tsx';
export { PRERENDERED_ROUTES } from './app/public-pages.ts';

/**
 * Build-time rendering of a public page (prerender.mjs). The same tree as main.tsx, with a static
 * router; waits for lazy pages (contact) so their HTML is complete.
 */
export async function render(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
export { renderAppShells, SHELL_CLUB } from './app/app-shell.tsx';
