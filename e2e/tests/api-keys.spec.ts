// An admin makes an API key in the client settings, sees it once, and a script (no cookie, no
// browser) reads and changes a map with it; revoked in the settings, it stops at once.
import { expect, request, test } from '@playwright/test';
import { DEMO_CLIENT, apiAsDemo, signInAs } from './accounts';
import { saveShot } from './shots';

test.use({ locale: 'en-US' });

test('an API key made in the settings works for a script until it is revoked', async ({ page, baseURL }) => {
  const admin = await apiAsDemo(baseURL ?? '', 'admin');
  const map = (await (
    await admin.post(`/api/v1/clients/${DEMO_CLIENT}/maps`, {
      data: { name: `Scripted ${Date.now() % 100000}`, measurement: { width: 2000, height: 1000 }, visibility_levels: 2 },
    })
  ).json()) as { id: number };
  const script = await request.newContext({ baseURL }); // no cookie, no Origin: a script
  try {
    await signInAs(page, 'admin');
    await page.goto(`/clients/${DEMO_CLIENT}/settings`);
    const section = page.getByTestId('api-keys');
    const form = section.getByTestId('api-key-form');
    const name = `Nightly import ${Date.now() % 100000}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Scope').selectOption('edit');
    await form.getByRole('button').click();
    const created = section.getByTestId('api-key-created');
    await expect(created).toContainText('you will not see it again');
    const key = await created.locator('input[name="api_key"]').inputValue();
    expect(key).toMatch(/^strata_/);
    await saveShot(page, 'api-key-created-en');

    const auth = { Authorization: `Bearer ${key}` };
    const read = await script.get(`/api/v1/maps/${map.id}`, { headers: auth });
    expect(read.status()).toBe(200);
    const rev = ((await read.json()) as { revision: number }).revision;
    const changed = await script.patch(`/api/v1/maps/${map.id}`, {
      headers: { ...auth, 'If-Match': `"${rev}"` },
      data: { name: 'Renamed by a script' },
    });
    expect(changed.status()).toBe(200);
    // The key manages nothing of the account, and the description documents what it may do.
    expect((await script.get(`/api/v1/clients/${DEMO_CLIENT}/users`, { headers: auth })).status()).toBe(403);
    expect((await script.get('/api/v1/openapi.json')).status()).toBe(200);

    // Revoked in the settings (asked first): the very next call is refused.
    await section
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(section.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
    expect((await script.get(`/api/v1/maps/${map.id}`, { headers: auth })).status()).toBe(401);
  } finally {
    await admin.delete(`/api/v1/maps/${map.id}`);
    await script.dispose();
    await admin.dispose();
  }
});
