import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The JSON body, after checking the status (the body is shown when the status is not the expected one). */
export function ok<T = any>(response: LightMyRequestResponse, status = 200): T {
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status });
  return response.json() as T;
}

/** Asserts the error envelope of DESIGN §3 and returns it. */
export function fails(response: LightMyRequestResponse, status: number, errorCode: string) {
  const body = response.json() as { errorCode: string; message: string; details?: { path: string; rule: string; message: string }[] };
  expect({ status: response.statusCode, errorCode: body.errorCode }).toEqual({ status, errorCode });
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}
