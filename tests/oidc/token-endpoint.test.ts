/**
 * What the token endpoint tells the operator, and the access-token lifetime setting
 * (OIDC_ACCESS_TOKEN_TTL_SECONDS) that lets a soak test watch many refreshes in little time.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { Browser, signIn, tokenRequest } from './browser';
import { createStore, freePort, startServer, type RunningServer, type Store } from './harness';
import { seed } from './seed';

let store: Store;
let server: RunningServer;
const logLines: string[] = [];

beforeAll(async () => {
  store = await createStore();
  server = await startServer(store, await freePort(), { migrate: true, logLines, oidc: { oidcAccessTokenTtlSeconds: 45 } });
  await seed(server.db);
});
afterAll(async () => {
  await server?.stop();
  await store?.cleanup();
});

const signInBuyer = () => signIn(new Browser(), { baseUrl: server.baseUrl, clientId: 'shop-localhost', redirectUri: `${server.baseUrl}/redirect`, email: 'buyer@demo.test', password: 'demo' });
const refresh = (refreshToken: string) => tokenRequest(server.baseUrl, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'shop-localhost' });
const warnings = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'identity provider refused a request');

describe('token endpoint', () => {
  it('logs a refused refresh at warn with the reason the answer does not give, and without the token', async () => {
    const tokens = await signInBuyer();
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
    const reused = await refresh(tokens.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ error: 'invalid_grant', error_description: 'grant request is invalid' });

    const [warning] = warnings();
    expect(warning).toMatchObject({
      level: 40, event: 'grant.error', clientId: 'shop-localhost', grantType: 'refresh_token', status: 400,
      error: 'invalid_grant', error_detail: 'refresh token already used',
    });
    expect(logLines.join('\n')).not.toContain(tokens.refresh_token);
  });

  it('issues access and ID tokens for the configured lifetime', async () => {
    const tokens = await signInBuyer();
    expect(tokens.expires_in).toBe(45);
    const access = decodeJwt(tokens.access_token);
    expect(access.exp! - access.iat!).toBe(45);
    const refreshed = await refresh(tokens.refresh_token);
    expect(refreshed.body.expires_in).toBe(45);
    const id = decodeJwt(refreshed.body.id_token);
    expect(id.exp! - id.iat!).toBe(45);
  });

  it('reads the lifetime from OIDC_ACCESS_TOKEN_TTL_SECONDS: ten minutes unless set, whole seconds from 10', () => {
    expect(loadConfig({}).oidcAccessTokenTtlSeconds).toBe(600);
    expect(loadConfig({ OIDC_ACCESS_TOKEN_TTL_SECONDS: '90' }).oidcAccessTokenTtlSeconds).toBe(90);
    for (const bad of ['5', '1.5', 'soon']) {
      expect(() => loadConfig({ OIDC_ACCESS_TOKEN_TTL_SECONDS: bad })).toThrow(/OIDC_ACCESS_TOKEN_TTL_SECONDS/);
    }
  });
});
