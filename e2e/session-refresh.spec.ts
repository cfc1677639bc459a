import { expect, test, type Response } from '@playwright/test';
import { accessToken, apiCall, signIn, siteUrl } from './actions';

/**
 * A sign-in kept open in two tabs for six access-token lifetimes (an hour of the tabs' clock).
 * The browser's clock is driven, not waited for: each jump of one lifetime makes both tabs' renewal
 * timers and the app's session ping fire at once, so both tabs want to refresh at the same moment, as
 * they do in a long session. The refreshes themselves are real: the provider rotates the refresh token
 * each time and revokes the whole sign-in if a rotated token is spent again. (The tokens the provider
 * issues stay valid by the server's clock; what is proven here is the refresh, not the server's expiry.)
 */
const LIFETIME = 10 * 60_000;
const LIFETIMES = 6;

// One user: the refresh is the same for every role, and each run of this journey costs a minute or more.
for (const email of ['buyer@demo.test']) {
  test(`${email} stays signed in in two tabs over ${LIFETIMES} access-token lifetimes, every refresh answered 200`, async ({ browser }) => {
    const context = await browser.newContext();
    await context.clock.install();
    const refreshes: { status: number; body: string }[] = [];
    const refusedApiCalls: string[] = [];
    context.on('response', (response: Response) => {
      const request = response.request();
      const path = new URL(response.url()).pathname;
      if (path === '/oidc/token' && new URLSearchParams(request.postData() ?? '').get('grant_type') === 'refresh_token') {
        void response.text().then((body) => refreshes.push({ status: response.status(), body }), () => refreshes.push({ status: response.status(), body: '' }));
      }
      if (path.startsWith('/api/') && response.status() === 401) refusedApiCalls.push(`${request.method()} ${path}`);
    });

    // A slow token endpoint, as on a busy server: the tab that refreshes holds the lock a while, so
    // the other tab's renewal asks for it meanwhile and takes it the moment it is released (when its
    // local storage may not show the new sign-in yet).
    await context.route('**/oidc/token', async (route) => {
      if (new URLSearchParams(route.request().postData() ?? '').get('grant_type') === 'refresh_token') await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    const first = await context.newPage();
    await signIn(first, email, { fresh: true });
    const second = await context.newPage();
    await second.goto(siteUrl('localhost'));
    const tabs = [first, second];
    // Each tab's app first fetches its code and session (on a loaded machine this took over 20 s in tab 1).
    for (const tab of tabs) await tab.waitForLoadState('networkidle');
    for (const [i, tab] of tabs.entries()) await expect(tab.getByRole('heading', { level: 1 }), `the page's title in tab ${i + 1}`).toBeVisible();

    for (let lifetime = 1; lifetime <= LIFETIMES; lifetime++) {
      const before = await accessToken(first);
      const answered = refreshes.length;
      await context.clock.fastForward(LIFETIME);
      // Refreshed once the renewal's answer is in and each tab holds a new access token.
      await expect.poll(() => refreshes.length, { message: `a refresh in lifetime ${lifetime}` }).toBeGreaterThan(answered);
      for (const tab of tabs) {
        await expect.poll(() => accessToken(tab), { message: `a new token in each tab, lifetime ${lifetime}` }).not.toBe(before);
        const me = await apiCall<{ email?: string }>(tab, 'GET', '/users/me');
        expect(me.email).toBe(email);
      }
    }

    expect(refreshes.length).toBeGreaterThanOrEqual(LIFETIMES);
    expect(refreshes.filter((r) => r.status !== 200)).toEqual([]);
    expect(refusedApiCalls).toEqual([]);
    for (const tab of tabs) {
      await expect(tab).not.toHaveURL(/\/(login|oidc|auth-error)/);
      await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await context.close();
  });
}
