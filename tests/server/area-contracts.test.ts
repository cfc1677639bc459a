import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { access } from '../../model';
import { IMPLEMENTATIONS } from '../../src/server/actions';
import { implement, type Services } from '../../src/server/actions/define';
import { registerModelRoutes, type ContractSets } from '../../src/server/crud/routes';
import { CONTRACTS } from '../../src/shared/contracts';
import { callsOf } from '../../src/shared/contracts/define';
import type { DB } from '../../generated/db/database.gen';

/**
 * Calls of an area (callsOf, src/shared/contracts/define.ts) are registered by the same code path
 * as the resources' actions (registerModelRoutes): a contract without its handler stops the server
 * from starting, and a handler is typed by its contract (no owner: the call scopes no resource).
 */

const probe = callsOf('probe', {
  echo: {
    method: 'POST', path: '/probe/{code}', access: access.public(),
    summary: 'Echoes what it was given.',
    query: z.object({ times: z.coerce.number().int().default(1) }),
    body: z.object({ text: z.string() }),
    response: z.object({ code: z.string(), text: z.string(), owner: z.boolean() }),
  },
});

const services = {} as Services;
const db = {} as Kysely<DB>;

function appWith(contracts: ContractSets['contracts'], implementations = IMPLEMENTATIONS) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerModelRoutes(app, db, services, { contracts: { ...CONTRACTS, ...contracts }, implementations });
  return app;
}

describe('calls of an area (callsOf)', () => {
  test('a contract of an area without a handler makes the server refuse to start', () => {
    expect(() => appWith({ probe })).toThrow('contract probe.echo has no handler bound by implement()');
  });

  test('an implemented set not listed among the contracts is refused too', () => {
    const bound = implement(probe, { echo: async ({ params, body }) => ({ code: params.code, text: body.text, owner: false }) });
    expect(() => appWith({}, [...IMPLEMENTATIONS, bound])).toThrow('are implemented but not listed');
  });

  test('an implemented one is served from its contract: input validated and typed, no owner, answer serialized through its schema', async () => {
    const bound = implement(probe, {
      echo: async ({ params, query, body, owner }) => ({ code: params.code, text: body.text.repeat(query.times), owner: owner !== undefined, extra: 'dropped' } as { code: string; text: string; owner: boolean }),
    });
    const app = appWith({ probe }, [...IMPLEMENTATIONS, bound]);
    await app.ready();
    const ok = await app.inject({ method: 'POST', url: '/probe/ab?times=2', payload: { text: 'x' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ code: 'ab', text: 'xx', owner: false });
    const refused = await app.inject({ method: 'POST', url: '/probe/ab', payload: { text: 3 } });
    expect(refused.statusCode).toBe(400);
    await app.close();
  });

  test('handlers are typed by their contract', () => {
    implement(probe, {
      // @ts-expect-error the answer lacks `owner`, which the contract's response requires
      echo: async ({ params, body }) => ({ code: params.code, text: body.text }),
    });
    implement(probe, {
      // @ts-expect-error `body.text` is a string: no number method on it
      echo: async ({ params, body, owner }) => ({ code: params.code, text: body.text.toFixed(), owner: owner !== undefined }),
    });
    expect(true).toBe(true);
  });
});
