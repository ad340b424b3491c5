// Rules as the screens say them (issue 28): a per-map access raises a guest to edit one map and
// clears back to what the role allows, reaching the guest's open editor; an open invitation holds
// a seat, so the admin is refused at once when inviting past the user limit, and an invitee whose
// seat went meanwhile is told the quota text. Each in a client of its own, in every language, with
// screenshots to look at.
import { expect, request, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiAs, apiAsDemo, signIn, uniqueClientName, uniqueEmail } from './accounts';
import { LOCALES, text } from './catalog';
import { waitForEditor } from './editing';
import { outboxFiles, waitForLink } from './outbox';
import { saveShot } from './shots';

const PASSWORD = 'amber-kettle-drifts-2291';

interface Client {
  name: string;
  title: string;
  adminEmail: string;
  superuser: APIRequestContext;
  admin: APIRequestContext;
}

async function ok(res: Promise<import('@playwright/test').APIResponse>, status: number) {
  const r = await res;
  expect(r.status(), await r.text()).toBe(status);
  return r;
}

/** Registers an invited address through the API with the invitation mailed to it. */
async function register(baseURL: string, email: string, before: string[]): Promise<void> {
  const token = new URL(await waitForLink(email, '/register', { exclude: before })).searchParams.get('token');
  const api = await request.newContext({ baseURL });
  try {
    await ok(api.post('/api/v1/auth/register', { data: { token, password: PASSWORD, password_confirmation: PASSWORD } }), 200);
  } finally {
    await api.dispose();
  }
}

/** Invites an address into the client as its admin and registers it. */
async function addMember(baseURL: string, c: Client, email: string, role: string): Promise<void> {
  const before = await outboxFiles(email);
  await ok(c.admin.post(`/api/v1/clients/${c.name}/invitations`, { data: { email, role } }), 201);
  await register(baseURL, email, before);
}

/** A new client with one admin (its only member), made by the demo superuser. */
async function newClient(baseURL: string, prefix: string): Promise<Client> {
  const name = uniqueClientName(prefix);
  const title = `Seats ${name.slice(prefix.length + 1)}`;
  const superuser = await apiAsDemo(baseURL, 'superuser');
  await ok(superuser.post('/api/v1/clients', { data: { name, title } }), 201);
  const adminEmail = uniqueEmail(`${prefix}-admin`);
  const before = await outboxFiles(adminEmail);
  await ok(superuser.post(`/api/v1/clients/${name}/invitations`, { data: { email: adminEmail, role: 'admin' } }), 201);
  await register(baseURL, adminEmail, before);
  const admin = await apiAs(baseURL, adminEmail, PASSWORD);
  return { name, title, adminEmail, superuser, admin };
}

async function setUserLimit(c: Client, max: number) {
  await ok(c.superuser.patch(`/api/v1/clients/${c.name}/quotas`, { data: { user: max } }), 200);
}

async function signedIn(browser: Browser, locale: string, email: string): Promise<Page> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await signIn(page, email, PASSWORD);
  return page;
}

async function usersTab(page: Page, c: Client, tr: (key: string, values?: Record<string, string | number>) => string) {
  await page.goto(`/clients/${c.name}/settings`);
  await page.getByRole('tab', { name: tr('clientSettings.tabs.users') }).click();
}

for (const { lang, locale } of LOCALES) {
  const tr = (key: string, values?: Record<string, string | number>) => text(lang, key, values);

  test.describe(`seats and per-map access in ${lang}`, () => {
    // Several browsers and accounts each, on a machine shared with other runs.
    test.setTimeout(120_000);

    test('a guest raised to edit one map edits it, and cleared reads it again, while it is open', async ({ browser, baseURL }) => {
      const c = await newClient(baseURL ?? '', `raise-${lang}`);
      const guestEmail = uniqueEmail(`raise-${lang}-guest`);
      await addMember(baseURL ?? '', c, guestEmail, 'guest');
      const mapName = `Field notes ${lang}`;
      const created = await ok(
        c.admin.post(`/api/v1/clients/${c.name}/maps`, {
          data: { name: mapName, measurement: { width: 2000, height: 1000 }, visibility_levels: 3 },
        }),
        201,
      );
      const mapId = ((await created.json()) as { id: number }).id;

      // A guest reads: the editor is not theirs (spec §6), they are sent to the overview.
      const guest = await signedIn(browser, locale, guestEmail);
      await guest.goto(`/editor/${mapId}`);
      await expect(guest).toHaveURL(new RegExp(`/clients/${c.name}$`));

      const admin = await signedIn(browser, locale, c.adminEmail);
      await usersTab(admin, c, tr);
      const row = admin.locator(`[data-testid="member-row"][data-email="${guestEmail}"]`);
      const select = row.getByLabel(tr('clientSettings.accessOf', { email: guestEmail, map: mapName }));
      const setAccess = async (value: string) => {
        if (!(await select.isVisible())) await row.locator('summary').click();
        await select.selectOption(value);
        await admin.getByTestId('save-users').click();
        await expect(admin.getByTestId('toast-success').last()).toHaveText(tr('clientSettings.usersSaved'));
      };
      await row.locator('summary').click();
      // No access set: the role decides, and the option says what it gives; it can be chosen.
      const byRole = tr('clientSettings.access.defaultIs', { access: tr('clientSettings.access.read') });
      await expect(select.locator('option:checked')).toHaveText(byRole);
      await expect(select.locator('option[value=""]')).toBeEnabled();
      await expect(row.getByText(tr('clientSettings.mapAccessHint'))).toBeVisible();

      // Raised to edit: the guest's editor opens editable, and the server takes their change.
      await select.selectOption('edit');
      await saveShot(admin, `seats-map-access-raise-${lang}`);
      await setAccess('edit');
      await guest.goto(`/editor/${mapId}`);
      await waitForEditor(guest);
      const editor = guest.getByTestId('editor');
      await expect(editor).toHaveAttribute('data-can-edit', 'true');
      // Rights change on the open socket; a new one would race it on the server.
      const sockets: string[] = [];
      guest.on('websocket', (ws) => {
        if (ws.url().includes('/api/v1/live')) sockets.push(ws.url());
      });
      const origin = new URL(guest.url()).origin;
      await ok(
        guest.request.patch(`/api/v1/maps/${mapId}`, { data: { description: 'by the raised guest' }, headers: { Origin: origin } }),
        200,
      );

      // Cleared back to what the role allows, while the editor is open: read-only at once.
      await admin.reload();
      await admin.getByRole('tab', { name: tr('clientSettings.tabs.users') }).click();
      await expect(row.locator('summary')).toHaveText(tr('clientSettings.mapAccessSummary', { n: 1 }));
      await row.locator('summary').click();
      await expect(select).toHaveValue('edit');
      await setAccess('');
      await expect(editor).toHaveAttribute('data-can-edit', 'false', { timeout: 5000 });
      await expect(guest.getByTestId('toast-warning').last()).toHaveText(tr('editor.toasts.accessLowered'));
      await ok(guest.request.patch(`/api/v1/maps/${mapId}`, { data: { description: 'x' }, headers: { Origin: origin } }), 403);

      // Raised again while it is open: editable again at once.
      await setAccess('edit');
      await expect(editor).toHaveAttribute('data-can-edit', 'true', { timeout: 5000 });
      await expect(guest.getByTestId('toast-success').last()).toHaveText(tr('editor.toasts.accessRaised'));
      await saveShot(guest, `seats-guest-raised-editor-${lang}`);

      await setAccess('');
      await expect(editor).toHaveAttribute('data-can-edit', 'false', { timeout: 5000 });
      expect(sockets).toEqual([]);
      await admin.reload();
      await admin.getByRole('tab', { name: tr('clientSettings.tabs.users') }).click();
      await expect(row.locator('summary')).toHaveText(tr('clientSettings.mapAccessSummary', { n: 0 }));
      await row.locator('summary').click();
      await expect(select.locator('option:checked')).toHaveText(byRole);
      await saveShot(admin, `seats-map-access-cleared-${lang}`);

      await Promise.all([guest.context().close(), admin.context().close(), c.admin.dispose(), c.superuser.dispose()]);
    });

    test('the invitation past the user limit is refused to the admin, and a late invitee is told why', async ({ browser, baseURL }) => {
      const c = await newClient(baseURL ?? '', `seat-${lang}`);
      await setUserLimit(c, 2); // the admin and one more
      const first = uniqueEmail(`seat-${lang}-first`);
      const second = uniqueEmail(`seat-${lang}-second`);

      const admin = await signedIn(browser, locale, c.adminEmail);
      await usersTab(admin, c, tr);
      const before = await outboxFiles(first);
      const invite = async (email: string) => {
        const row = admin.getByTestId('invite-row').last();
        await row.getByLabel(tr('login.email')).fill(email);
        await row.getByLabel(tr('invite.role')).selectOption('editor');
        await row.getByRole('button', { name: tr('invite.send') }).click();
      };
      await invite(first);
      await expect(admin.getByTestId('toast-success').last()).toContainText(first);
      await expect(admin.getByTestId('open-invitations')).toContainText(first);

      // The last seat is held by the open invitation: the next one is refused at once, saying so.
      await admin.getByRole('button', { name: tr('clientSettings.addUser') }).click();
      await invite(second);
      const dialog = admin.getByTestId('quota-dialog');
      await expect(dialog.getByTestId('quota-message')).toHaveText(tr('quota.reached', { type: tr('quota.kinds.user') }));
      await expect(dialog.getByTestId('quota-seats')).toHaveText(tr('quota.seatsTaken', { max: 2, members: 1, pending: 1 }));
      await expect(dialog).toContainText(tr('quota.seatsHelp'));
      await saveShot(admin, `seats-invite-refused-${lang}`);
      await dialog.getByRole('button', { name: tr('quota.ok') }).click();
      expect(await outboxFiles(second)).toHaveLength(0);

      // The overview's invite dialog says the same, in the dialog.
      await admin.goto(`/clients/${c.name}`);
      await admin.getByRole('button', { name: tr('invite.open') }).click();
      const inviteDialog = admin.getByTestId('invite-dialog');
      await inviteDialog.getByLabel(tr('login.email')).fill(second);
      await inviteDialog.getByRole('button', { name: tr('invite.send') }).click();
      const refused = inviteDialog.getByTestId('invite-quota');
      await expect(refused.getByTestId('quota-message')).toHaveText(tr('quota.reached', { type: tr('quota.kinds.user') }));
      await expect(refused.getByTestId('quota-seats')).toHaveText(tr('quota.seatsTaken', { max: 2, members: 1, pending: 1 }));
      await saveShot(admin, `seats-invite-dialog-refused-${lang}`);
      expect(await outboxFiles(second)).toHaveLength(0);

      // The limit is lowered meanwhile: the invitee is told the quota text, not "something went wrong".
      await setUserLimit(c, 1);
      const link = await waitForLink(first, '/register', { exclude: before });
      const context = await browser.newContext({ locale });
      const invitee = await context.newPage();
      await invitee.goto(link);
      await invitee.getByLabel(tr('password.new'), { exact: true }).fill(PASSWORD);
      await invitee.getByLabel(tr('password.confirm'), { exact: true }).fill(PASSWORD);
      await invitee.getByRole('button', { name: tr('register.submit') }).click();
      const alert = invitee.getByTestId('form-error');
      await expect(alert).toContainText(tr('quota.reached', { type: tr('quota.kinds.user') }));
      await expect(alert).toContainText(tr('invitation.seatsFull', { client: c.title }));
      await saveShot(invitee, `seats-invitee-quota-${lang}`);

      // The invitation stays valid: once a seat is free, the same link works.
      await setUserLimit(c, 2);
      await invitee.getByRole('button', { name: tr('register.submit') }).click();
      await expect(invitee).toHaveURL(new RegExp(`/clients/${c.name}$`));

      await Promise.all([context.close(), admin.context().close(), c.admin.dispose(), c.superuser.dispose()]);
    });
  });
}
