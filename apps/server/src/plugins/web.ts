import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SERVER_MESSAGES } from '@club/contract';

const API_PREFIXES = ['/api/', '/auth/'];
export const isApiPath = (url: string) =>
  API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api' || url === '/auth';

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
  ]);
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const url = decodeURIComponent(request.url.split('?')[0]!).replace(/\/+$/, '') || '/';
    const file = url === '/' ? 'index.html' : (prerendered.get(url) ?? 'spa.html');
    const available = fs.existsSync(path.join(root!, file)) ? file : 'index.html';
    // The reset link carries its token in the query: never leak it through Referer
    // (docs/security.md). So do the answer and unsubscribe links of notification e-mails
    // (decision 0026).
    if (TOKEN_PAGES.has(url)) reply.header('referrer-policy', 'no-referrer');
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
