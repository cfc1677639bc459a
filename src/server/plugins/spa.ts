import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { sendError } from './error-handler';

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>App not built</title></head>
<body><h1>The shop's app has not been built</h1><p>Run <code>npm run build</code> (it writes dist/app), then reload.
The API is available under <a href="/api/openapi.json">/api</a>.</p></body></html>`;

const isServerPath = (url: string) => /^\/(api|oidc)(\/|\?|$)/.test(url);

/**
 * Serves the built SPA from `dir` and answers every other non-API path with index.html, because the
 * app routes with real URLs (DESIGN §3). Without a build, a 503 page says what to do.
 */
export async function installSpa(app: FastifyInstance, dir: string): Promise<void> {
  const built = fs.existsSync(path.join(dir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: dir,
      // '/' is the app too (the folder index); without it @fastify/static answers a directory with 403.
      index: 'index.html',
      // The build writes .br and .gz copies (scripts/compress-assets.ts): sent as they are to clients
      // that accept them, so the shop's pages cost the bytes its budget counts (bundle-budget.ts).
      preCompressed: true,
      // Vite fingerprints everything under assets/; index.html must be revalidated to pick up new builds.
      setHeaders: (res, file) => res.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (isServerPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(request, reply, new ApiError('notFound'));
    }
    // A missing file (a stale asset name) is a 404, not the app: only page routes get index.html.
    if (/\.[a-z0-9]+$/i.test(request.url.split('?')[0])) return reply.status(404).type('text/plain').send('Not found');
    if (!built) return reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT);
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
