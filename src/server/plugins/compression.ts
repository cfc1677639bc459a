import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this are sent as they are: the headers and the CPU would cost more than they save. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compresses the answers of the routes registered in `scope` after this call (app.ts: the API and the
 * search protocol under /api) with brotli or gzip, as the request's Accept-Encoding allows, through
 * @fastify/compress. The SPA's files are not in that scope (the build ships .br/.gz copies, spa.ts),
 * nor is the identity provider (it hijacks its replies, oidc/plugin.ts).
 *
 * Moderate levels: brotli 5 costs about what gzip 6 (zlib's default) costs on our JSON (1.3 against 1 ms for
 * the 107 KiB category tree) and comes out 5–10 % smaller; brotli 4 was no smaller than gzip on search
 * answers, and brotli's default 11 costs many times more.
 * Request bodies are not decompressed here: the search protocol gunzips the Node client's bodies itself
 * (protocol.ts), and decoding them twice would break it.
 */
export async function installCompression(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });
  // Whether an answer is compressed depends on Accept-Encoding, so caches must key on it even when
  // this one went out plain (no Accept-Encoding, or small this time); the plugin only marks the
  // answers it compressed. Lower case, as the plugin looks for it before adding its own.
  scope.addHook('onSend', (_request, reply, payload, done) => {
    if (payload != null && !reply.hasHeader('content-encoding')) {
      const vary = reply.getHeader('vary');
      const values = (Array.isArray(vary) ? vary : vary === undefined ? [] : [String(vary)]).join(',');
      if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(values)) reply.header('vary', values ? `${values}, accept-encoding` : 'accept-encoding');
    }
    done(null, payload);
  });
}
