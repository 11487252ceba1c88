import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_PATH_PREFIXES, SERVER_MESSAGES } from '@club/contract';

/** dist/app-shell.json, written by apps/web/prerender.mjs (docs/decisions/0092-signed-in-app-shell.md). */
interface AppShellFile {
  /** The empty root of spa.html, where a shell goes. */
  root: string;
  /** Stands for the club's name in each shell. */
  club: string;
  /** Every signed-in route of the router, with its screen's shell or null. */
  routes: { path: string; html: string | null }[];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The router's ranking of a path (react-router): the most specific route wins. */
function score(segments: string[]): number {
  return segments.reduce(
    (sum, s) => sum + (s === '*' ? -2 : s.startsWith(':') ? 3 : 10),
    segments.length,
  );
}

/**
 * spa.html with the app shell of the signed-in screen a URL names (the club's name from the URL,
 * escaped), or null when the URL names no screen with a shell: then spa.html as it is.
 */
export function appShellPage(spa: string, shells: AppShellFile, pathname: string): string | null {
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  let best: { html: string | null; score: number; params: Record<string, string> } | null = null;
  for (const route of shells.routes) {
    const pattern = route.path.split('/');
    const splat = pattern.at(-1) === '*';
    const fixed = splat ? pattern.slice(0, -1) : pattern;
    if (segments.length < fixed.length || (!splat && segments.length > fixed.length)) continue;
    const params: Record<string, string> = {};
    const matches = fixed.every((p, i) => {
      if (p.startsWith(':')) return (params[p.slice(1)] = segments[i]!) !== '';
      return p === segments[i];
    });
    const s = score(pattern);
    if (matches && (!best || s > best.score)) best = { html: route.html, score: s, params };
  }
  const club = best?.params.nomClub;
  if (!best?.html || club === undefined || !spa.includes(shells.root)) return null;
  const html = best.html.split(shells.club).join(escapeHtml(club));
  return spa.replace(shells.root, () => shells.root.replace('></', `>${html}</`));
}

export const isApiPath = (url: string) =>
  API_PATH_PREFIXES.some((p) => url.startsWith(p) || url === p.slice(0, -1));

/**
 * Serves the built web app: hashed assets cached for a year, pre-compressed files when present,
 * prerendered public pages as their own HTML, and index.html for every other client route.
 */
export default async function webPlugin(app: FastifyInstance, opts: { root: string | null }) {
  const root = opts.root && fs.existsSync(path.join(opts.root, 'index.html')) ? opts.root : null;
  if (!root)
    app.log.warn('application web non construite : seules les routes /api et /auth sont servies');

  // Prerendered pages: dist/<route>/index.html, listed once at start-up.
  const prerendered = new Map<string, string>();
  // Read once at start-up, like the list of prerendered pages.
  let spaHtml: string | null = null;
  let shells: AppShellFile | null = null;
  if (root) {
    const walk = (dir: string, rel: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (!entry.isDirectory() || entry.name === 'assets') continue;
        const sub = path.join(dir, entry.name);
        const route = `${rel}/${entry.name}`;
        if (fs.existsSync(path.join(sub, 'index.html')))
          prerendered.set(route, `${route.slice(1)}/index.html`);
        walk(sub, route);
      }
    };
    walk(root, '');
    try {
      spaHtml = fs.readFileSync(path.join(root, 'spa.html'), 'utf8');
      shells = JSON.parse(fs.readFileSync(path.join(root, 'app-shell.json'), 'utf8'));
    } catch {
      app.log.warn('app-shell.json ou spa.html absent : pas de coquille pour l’espace membre');
    }
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply: FastifyReply, filePath: string) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  const TOKEN_PAGES = new Set([
    '/mdpOublie',
    '/activation',
    '/convocation/reponse',
    '/notifications/desabonnement',
    '/annonce/lecture',
  ]);
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const url = decodeURIComponent(request.url.split('?')[0]!).replace(/\/+$/, '') || '/';
    const file = url === '/' ? 'index.html' : (prerendered.get(url) ?? 'spa.html');
    const available = fs.existsSync(path.join(root!, file)) ? file : 'index.html';
    // The reset link carries its token in the query: never leak it through Referer
    // (docs/security.md). So do the answer and unsubscribe links of notification e-mails
    // (decision 0026).
    if (TOKEN_PAGES.has(url)) reply.header('referrer-policy', 'no-referrer');
    // A match's public live page carries its secret in the path; never indexed (decision 0127).
    if (url.startsWith('/direct/'))
      reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex, nofollow');
    // A signed-in screen's URL: spa.html with that screen's app shell in its root.
    const withShell =
      file === 'spa.html' && spaHtml && shells
        ? appShellPage(spaHtml, shells, request.url.split('?')[0]!)
        : null;
    if (withShell) {
      // Compressed here: @fastify/compress only hooks routes, and this is the not-found handler
      // (the page is spa.html plus about 1.5 kB; spa.html alone goes pre-compressed).
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
      const body =
        encoding === 'br'
          ? zlib.brotliCompressSync(withShell, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
            })
          : encoding === 'gzip'
            ? zlib.gzipSync(withShell)
            : withShell;
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8')
        .send(body);
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile(available);
  };

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: SERVER_MESSAGES.routeNotFound });
    }
    if (!root)
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><html lang="fr"><title>Page introuvable</title><h1>Page introuvable</h1></html>',
        );
    // Files that look like assets (an extension) and do not exist are real 404s.
    if (/\.[a-z0-9]{2,5}$/i.test(request.url.split('?')[0]!)) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send(SERVER_MESSAGES.routeNotFound);
    }
    return sendPage(request, reply);
  });
}
