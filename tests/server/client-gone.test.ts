/**
 * A failure after the client closed the connection (a page left while its answer was on the way:
 * compression then fails with "premature close") is no error of the server's: it is logged as
 * information, while the same failure with the client still there stays an unhandled error (500).
 */
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const logged: string[] = [];

beforeAll(async () => {
  t = await startTestApp({
    plugins: [(app) => {
      app.get('/test/fails-after/:gone', async (request: FastifyRequest<{ Params: { gone: string } }>) => {
        const log = request.log;
        request.log = Object.assign(Object.create(log), {
          info: (_details: unknown, message: string) => logged.push(`info: ${message}`),
          error: (_details: unknown, message: string) => logged.push(`error: ${message}`),
        });
        if (request.params.gone === 'gone') (request.raw.socket as { destroyed: boolean }).destroyed = true;
        throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
      });
    }],
  });
});
afterAll(async () => { await t?.close(); });

test('the client still there: an unhandled error, answered 500', async () => {
  logged.length = 0;
  const res = await t.app.inject({ method: 'GET', url: '/test/fails-after/here' });
  expect(res.statusCode).toBe(500);
  expect(logged).toEqual(['error: unhandled error']);
});

test('the client gone: information that it left, no error', async () => {
  logged.length = 0;
  await t.app.inject({ method: 'GET', url: '/test/fails-after/gone' });
  expect(logged).toEqual(['info: the client closed the connection before the answer']);
});
