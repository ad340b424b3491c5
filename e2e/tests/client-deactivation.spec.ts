// A superuser deactivates a client after confirming what it does; its members, one editing a map
// at that moment, are told so on a screen of its own (not the overview, not "permission
// denied"); a member of several clients sees it marked; its published map is offline; and
// reactivating brings everything back. One run per language, with screenshots to look at.
import { expect, request, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiAsDemo, inviteAndAccept, invite, signIn, signInAs, uniqueClientName, uniqueEmail } from './accounts';
import { LOCALES, text } from './catalog';
import { waitForEditor } from './editing';
import { outboxFiles, waitForLink } from './outbox';
import { saveShot } from './shots';

const PASSWORD = 'Harbour-lantern-2291-xq';

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A new account, invited to the client by the superuser and registered with the mailed token. */
async function registerInvited(baseURL: string, root: APIRequestContext, client: string, email: string, role: string) {
  const before = await outboxFiles(email);
  expect(await invite(root, client, email, role)).toBe(201);
  const token = new URL(await waitForLink(email, '/register', { exclude: before })).searchParams.get('token');
  // Registering signs in: a context of its own, so that the superuser's stays.
  const api = await request.newContext({ baseURL });
  try {
    const res = await api.post('/api/v1/auth/register', { data: { token, password: PASSWORD, password_confirmation: PASSWORD } });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}

async function signedIn(browser: Browser, locale: string, email: string): Promise<Page> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await signIn(page, email, PASSWORD);
  return page;
}

for (const { lang, locale } of LOCALES) {
  const tr = (key: string, values?: Record<string, string | number>) => text(lang, key, values);

  test.describe(`client deactivation (${lang})`, () => {
    // Three browsers, two of them new accounts: more than one browser's time.
    test.setTimeout(120_000);

    test('deactivation asks first, closes the client to its members, and reactivation restores it', async ({ browser, baseURL }) => {
      const base = baseURL ?? '';
      const root = await apiAsDemo(base, 'superuser');
      const name = uniqueClientName(`closed-${lang}`);
      const other = uniqueClientName(`open-${lang}`);
      const title = `Harbour Works ${lang.toUpperCase()}`;
      await ok(await root.post('/api/v1/clients', { data: { name, title } }));
      await ok(await root.post('/api/v1/clients', { data: { name: other, title: `Dockside ${lang.toUpperCase()}` } }));
      const map = await ok<{ id: number }>(
        await root.post(`/api/v1/clients/${name}/maps`, {
          data: { name: 'Harbour plan', measurement: { width: 2000, height: 1200 }, visibility_levels: 3 },
        }),
      );
      const address = `harbour-${name}`;
      await ok(await root.patch(`/api/v1/maps/${map.id}/publication`, { data: { url: address, access_mode: 'accessible' } }));
      await ok(await root.post(`/api/v1/maps/${map.id}/publish`, { data: { name: 'First' } }));
      await ok(await root.patch(`/api/v1/maps/${map.id}/live`, { data: { live: true } }));
      // An editor of this client only, and a guest of it who is an editor of another client too.
      const editorEmail = uniqueEmail(`closed-editor-${lang}`);
      const guestEmail = uniqueEmail(`closed-guest-${lang}`);
      await registerInvited(base, root, name, editorEmail, 'editor');
      await registerInvited(base, root, name, guestEmail, 'guest');
      await inviteAndAccept(base, root, other, guestEmail, PASSWORD, 'editor');
      const anonymous = await browser.newContext();
      const publicMap = () => anonymous.request.get(`/api/v1/public/maps/${address}`);
      expect((await publicMap()).status()).toBe(200);

      const ed = await signedIn(browser, locale, editorEmail);
      const su = await (await browser.newContext({ locale })).newPage();
      try {
        // The editor works on the client's map: its only client, so its overview comes first.
        await expect(ed).toHaveURL(new RegExp(`/clients/${name}$`));
        await ed.getByTestId('map-card').getByTestId('map-name').click();
        await waitForEditor(ed);

        // The superuser is asked first, with what deactivating does; cancelling changes nothing.
        await signInAs(su, 'superuser');
        const row = su.getByTestId(`client-row-${name}`);
        await row.getByRole('button', { name: tr('clients.deactivate') }).click();
        const confirm = su.getByRole('dialog', { name: tr('clients.deactivateDialog.title', { title }) });
        for (const key of ['members', 'published', 'live', 'restore']) {
          await expect(confirm).toContainText(tr(`clients.deactivateDialog.${key}`));
        }
        await saveShot(su, `client-deactivate-dialog-${lang}`);
        await confirm.getByRole('button', { name: tr('form.cancel') }).click();
        await expect(confirm).toBeHidden();
        await expect(row).toContainText(tr('clients.status.active'));
        await row.getByRole('button', { name: tr('clients.deactivate') }).click();
        await confirm.getByRole('button', { name: tr('clients.deactivateDialog.confirm') }).click();
        await expect(confirm).toBeHidden();
        await expect(su.getByTestId('toast-success').last()).toHaveText(tr('clients.deactivated', { title }));
        await expect(row).toContainText(tr('clients.status.deactivated'));

        // The open editor learns at once, and on the way back finds the client's screen, not its overview.
        const revoked = ed.getByTestId('revoked-dialog');
        await expect(revoked).toBeVisible();
        await expect(revoked).toContainText(tr('editor.revoked.access_revoked.text'));
        await revoked.getByRole('button', { name: tr('editor.revoked.back') }).click();
        const screen = ed.getByTestId('client-deactivated');
        await expect(screen).toBeVisible();
        await expect(screen.getByRole('heading')).toHaveText(tr('clientDeactivated.heading', { title }));
        await expect(screen).toContainText(tr('clientDeactivated.nothingLost'));
        await expect(screen).toContainText(tr('clientDeactivated.askAdmin', { title }));
        await expect(ed.getByTestId('map-card')).toHaveCount(0);
        // Signed in afresh, the same.
        await ed.reload();
        await expect(screen).toBeVisible();
        await saveShot(ed, `client-deactivated-${lang}`);

        // A member of two clients sees this one marked, and cannot enter it.
        const gu = await signedIn(browser, locale, guestEmail);
        await expect(gu).toHaveURL(/\/clients$/);
        const closedRow = gu.getByTestId(`client-row-${name}`);
        await expect(closedRow).toContainText(tr('clients.status.deactivated'));
        await expect(closedRow.getByTestId('client-closed-note')).toHaveText(tr('clients.closedNote'));
        await expect(closedRow.getByRole('link', { name: title })).toHaveCount(0);
        await saveShot(gu, `clients-member-deactivated-${lang}`);
        await gu.goto(`/clients/${name}`);
        await expect(gu.getByTestId('client-deactivated')).toBeVisible();
        await gu.getByRole('link', { name: tr('clientDeactivated.toClients') }).click();
        await expect(gu).toHaveURL(/\/clients$/);
        await gu.context().close();

        // Its published map is offline meanwhile.
        expect((await publicMap()).status()).toBe(404);

        // Reactivated from the same screen: the member finds the overview and the map again.
        await row.getByRole('button', { name: tr('clients.reactivate') }).click();
        await expect(su.getByTestId('toast-success').last()).toHaveText(tr('clients.reactivated', { title }));
        await expect(row).toContainText(tr('clients.status.active'));
        await ed.reload();
        await expect(ed.getByTestId('client-deactivated')).toHaveCount(0);
        await expect(ed.getByTestId('map-card')).toContainText('Harbour plan');
        await ed.getByTestId('map-card').getByTestId('map-name').click();
        await waitForEditor(ed);
        expect((await publicMap()).status()).toBe(200);
      } finally {
        await Promise.all([ed.context().close(), su.context().close(), anonymous.close()]);
        await root.dispose();
      }
    });
  });
}
