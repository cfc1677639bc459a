import { expect, test } from '@playwright/test';
import { accessToken, signIn, siteUrl } from './actions';

test.describe('a user without the permission is refused', () => {
  test('by the server: 403 with the catalogue error code', async ({ page, request }) => {
    await signIn(page, 'buyer@demo.test');
    await expect(page).not.toHaveURL(/\/oidc\//);
    const headers = { Authorization: `Bearer ${await accessToken(page)}`, 'X-Hostname': 'localhost' };

    const read = await request.get(`${siteUrl()}/api/v2/suppliers?page=1&pageSize=5`, { headers });
    expect(read.status()).toBe(200);

    const create = await request.post(`${siteUrl()}/api/v2/suppliers`, { headers, data: { name: 'Not allowed' } });
    expect(create.status()).toBe(403);
    expect((await create.json()).errorCode).toBe('forbiddenAccess');

    const admin = await request.post(`${siteUrl()}/api/admin/article-categories/query`, { headers, data: { query: {} } });
    expect(admin.status()).toBe(403);
  });

  test('by the page guard: /unauthorized', async ({ page }) => {
    await signIn(page, 'buyer@demo.test');
    await page.goto(`${siteUrl()}/ycAdmin/suppliers`);
    await expect(page).toHaveURL(/\/unauthorized/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('no token: 401; unknown API path: 404 JSON', async ({ request }) => {
    const anonymous = await request.get(`${siteUrl()}/api/v2/suppliers`);
    expect(anonymous.status()).toBe(401);
    expect((await anonymous.json()).errorCode).toBe('unauthorized');
    const unknown = await request.get(`${siteUrl()}/api/no-such-thing`);
    expect(unknown.status()).toBe(404);
    expect((await unknown.json()).errorCode).toBe('notFound');
  });
});
