import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../src/app/data/http';
import { fakeFetch } from './helpers';

/** core §8 "401 logs the user out": the client reports a signed-in call's 401 to the app, whichever page made it. */
describe('the http client on 401', () => {
  afterEach(() => vi.unstubAllGlobals());
  const client = (token: string | null, onUnauthorized: (path: string) => void) => {
    vi.stubGlobal('fetch', fakeFetch(() => ({ status: 401, body: { errorCode: 'unauthorized', message: 'expired' } })).fetch);
    return createHttpClient({ baseUrl: '/api', getAccessToken: () => token, getLanguage: () => 'nl', onUnauthorized });
  };

  it('reports a signed-in call that answers 401, and still rejects it', async () => {
    const onUnauthorized = vi.fn();
    await expect(client('token-1', onUnauthorized).get('/v2/transporters/load')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith('/v2/transporters/load');
  });

  it('does not report the sign-out call itself, nor a call made without a token', async () => {
    const onUnauthorized = vi.fn();
    await expect(client('token-1', onUnauthorized).get('/auth/end-session')).rejects.toMatchObject({ status: 401 });
    await expect(client(null, onUnauthorized).get('/users/me')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
