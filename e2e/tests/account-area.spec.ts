import { expect, request, test, type Page } from '@playwright/test';
import { apiAsDemo, createAccount, DEMO_CLIENT, signIn, signInAs, uniqueEmail } from './accounts';
import { text } from './catalog';
import { outboxFiles, waitForLink } from './outbox';
import { saveShot } from './shots';

// The account area of issue 8: maps from templates, clones, templates, deletion; user management
// with per-map access; the quota messages.

const tr = (key: string, values?: Record<string, string | number>) => text('en', key, values);
const overview = `/clients/${DEMO_CLIENT}`;

function card(page: Page, name: string) {
  return page.getByTestId('map-card').filter({ has: page.getByRole('link', { name, exact: true }) });
}

test('a map from a template is created, cloned, cloned as a template and deleted', async ({ page }) => {
  const name = `Plan ${Date.now().toString(36)}`;
  await signInAs(page, 'admin');
  await page.goto(overview);

  await page.getByTestId('new-map').click();
  const chooser = page.getByTestId('template-chooser');
  await expect(chooser.getByRole('heading', { name: tr('templates.title') })).toBeVisible();
  // The process theme narrows the list to the process flow.
  await chooser.getByRole('button', { name: tr('templates.themes.process'), exact: true }).click();
  await chooser.getByRole('button', { name: tr('templates.builtin.process-flow') }).click();
  const form = page.getByTestId('template-form');
  await expect(form.getByRole('heading')).toHaveText(tr('templates.fromTitle', { name: tr('templates.builtin.process-flow') }));
  await form.getByLabel(tr('templates.fields.name')).fill(name);
  await form.getByRole('button', { name: tr('templates.create') }).click();
  await expect(page.getByTestId('toast-success').last()).toHaveText(tr('templates.created', { name }));

  // The new map carries the template's whole document: its preview shows the six nodes.
  const created = card(page, name);
  await expect(created).toHaveCount(1);
  await expect(created.getByTestId('map-preview').locator('circle, rect')).toHaveCount(6);
  await expect(created.getByTestId('map-access')).toHaveText(tr('overview.access.edit'));

  // Clone.
  const copyName = tr('overview.copyName', { name });
  await created.getByRole('button', { name: tr('overview.clone'), exact: true }).click();
  await expect(card(page, copyName)).toHaveCount(1);
  await expect(card(page, copyName).getByTestId('map-preview').locator('circle, rect')).toHaveCount(6);

  // Clone as template: it shows under my templates, not in the overview.
  const templateName = `Our flow ${Date.now().toString(36)}`;
  await created.getByRole('button', { name: tr('overview.cloneTemplate') }).click();
  const cloneDialog = page.getByTestId('clone-template-dialog');
  await cloneDialog.getByLabel(tr('templates.fields.templateName')).fill(templateName);
  await cloneDialog.getByLabel(tr('templates.theme')).selectOption('process');
  await cloneDialog.getByRole('button', { name: tr('overview.cloneTemplate') }).click();
  await expect(page.getByTestId('toast-success').last()).toHaveText(tr('overview.clonedTemplate', { name: templateName }));
  await expect(card(page, templateName)).toHaveCount(0);
  await page.getByTestId('new-map').click();
  await chooser.getByRole('tab', { name: tr('templates.tabs.mine') }).click();
  await expect(chooser.getByRole('button', { name: templateName })).toBeVisible();
  await saveShot(page, 'template-chooser-mine-en');
  await chooser.getByRole('button', { name: tr('form.cancel') }).click();

  // Delete the copy, after confirming.
  await card(page, copyName)
    .getByRole('button', { name: tr('overview.delete') })
    .click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(tr('overview.deleteBody'));
  await confirm.getByRole('button', { name: tr('overview.delete') }).click();
  await expect(page.getByTestId('toast-success').last()).toHaveText(tr('overview.deleted', { name: copyName }));
  await expect(card(page, copyName)).toHaveCount(0);
  await expect(card(page, name)).toHaveCount(1);

  // Search by name finds the map; sorting by name puts it in its place.
  await page.getByLabel(tr('overview.search')).fill(name.toUpperCase());
  await expect(page.getByTestId('map-card')).toHaveCount(1);
  await page.getByLabel(tr('overview.search')).fill('no such map at all');
  await expect(page.getByTestId('maps-none-found')).toBeVisible();
  await page.getByLabel(tr('overview.search')).fill('');

  // The own template is deleted in the chooser, and the map too: the demo client is left as it was.
  await page.getByTestId('new-map').click();
  await chooser.getByRole('tab', { name: tr('templates.tabs.mine') }).click();
  const own = chooser
    .getByTestId('template-list')
    .locator('li')
    .filter({ has: page.getByRole('button', { name: templateName }) });
  await own.getByRole('button', { name: tr('templates.delete') }).click();
  await page
    .getByTestId('confirm-dialog')
    .getByRole('button', { name: tr('templates.delete') })
    .click();
  await expect(page.getByTestId('toast-success').last()).toHaveText(tr('templates.deleted', { name: templateName }));
  await expect(chooser.getByRole('button', { name: templateName })).toHaveCount(0);
  await chooser.getByRole('button', { name: tr('form.cancel') }).click();
  await card(page, name)
    .getByRole('button', { name: tr('overview.delete') })
    .click();
  await page
    .getByTestId('confirm-dialog')
    .getByRole('button', { name: tr('overview.delete') })
    .click();
  await expect(card(page, name)).toHaveCount(0);
});

test('an invited user given read access to a map sees it read-only', async ({ page, browser, baseURL }) => {
  const email = uniqueEmail('reader');
  const password = 'violet-harbour-lantern';
  await signInAs(page, 'admin');
  await page.goto(`${overview}/settings`);
  await page.getByRole('tab', { name: tr('clientSettings.tabs.users') }).click();

  // Invite all users before saving.
  const row = page.getByTestId('invite-row').first();
  await row.getByLabel(tr('login.email')).fill(email);
  await row.getByLabel(tr('invite.role')).selectOption('student');
  await page.getByTestId('save-users').click();
  await expect(page.getByTestId('save-blocked')).toHaveText(tr('clientSettings.blocked.inviteFirst'));

  const before = await outboxFiles(email);
  await row.getByRole('button', { name: tr('invite.send') }).click();
  await expect(page.getByTestId('toast-success').last()).toContainText(email);
  await expect(page.getByTestId('open-invitations')).toContainText(email);

  // The invited user sets a password.
  const register = await waitForLink(email, '/register', { exclude: before });
  const api = await request.newContext({ baseURL });
  const token = new URL(register).searchParams.get('token');
  const res = await api.post('/api/v1/auth/register', { data: { token, password, password_confirmation: password } });
  expect(res.status(), await res.text()).toBe(200);
  await api.dispose();

  // The admin gives them read access to the welcome map.
  await page.reload();
  await page.getByRole('tab', { name: tr('clientSettings.tabs.users') }).click();
  const member = page.locator(`[data-testid="member-row"][data-email="${email}"]`);
  await expect(member).toHaveCount(1);
  await member.locator('summary').click();
  await member.getByLabel(tr('clientSettings.accessOf', { email, map: 'Welcome to Strata' })).selectOption('read');
  await page.getByTestId('save-users').click();
  await expect(page.getByTestId('toast-success').last()).toHaveText(tr('clientSettings.usersSaved'));

  // Signed in as that user, the map is read-only.
  const context = await browser.newContext();
  const userPage = await context.newPage();
  await signIn(userPage, email, password);
  await userPage.goto(overview);
  const welcome = card(userPage, 'Welcome to Strata');
  await expect(welcome.getByTestId('map-access')).toHaveText(tr('overview.access.read'));
  await expect(welcome.getByRole('button', { name: tr('overview.edit'), exact: true })).toHaveCount(0);
  await expect(welcome.getByTestId('live-toggle')).toBeDisabled();
  // Read-only users ask an admin for editing access.
  await welcome.getByRole('button', { name: tr('overview.askEdit') }).click();
  const ask = userPage.getByTestId('ask-access-dialog');
  await ask.getByRole('textbox').fill('Please let me edit the welcome map.');
  await ask.getByRole('button', { name: tr('askAccess.send') }).click();
  await expect(userPage.getByTestId('toast-success').last()).toHaveText(tr('askAccess.sent', { title: 'Demo organisation' }));
  // Below admin, the client settings are closed, with the reason.
  await expect(userPage.getByTestId('client-settings-locked')).toHaveAttribute('title', tr('overview.adminNeeded'));
  await context.close();

  // The admin removes them again, after a confirmation.
  await member.getByRole('button', { name: tr('clientSettings.remove') }).click();
  await page
    .getByTestId('confirm-dialog')
    .getByRole('button', { name: tr('clientSettings.remove') })
    .click();
  await expect(page.getByTestId('toast-success').last()).toHaveText(tr('clientSettings.removed', { email }));
  await expect(member).toHaveCount(0);
});

test('reaching the map quota shows the message and creates nothing', async ({ page, baseURL }) => {
  const root = await apiAsDemo(baseURL ?? '', 'superuser');
  try {
    const quotas = (await (await root.get(`/api/v1/clients/${DEMO_CLIENT}/quotas`)).json()) as {
      quotas: Record<string, { count: number }>;
    };
    const count = quotas.quotas.map?.count ?? 0;

    // The superuser sets the licence in the client settings.
    await signInAs(page, 'superuser');
    await page.goto(`${overview}/settings`);
    const licence = page.getByTestId('quota-table');
    await licence.getByLabel(tr('quota.limitOf', { type: tr('quota.labels.map') })).fill('many');
    await licence.getByRole('button', { name: tr('quota.save') }).click();
    await expect(licence.getByLabel(tr('quota.limitOf', { type: tr('quota.labels.map') }))).toHaveAttribute('aria-invalid', 'true');
    await licence.getByLabel(tr('quota.limitOf', { type: tr('quota.labels.map') })).fill(String(count));
    await licence.getByRole('button', { name: tr('quota.save') }).click();
    await expect(page.getByTestId('toast-success').last()).toHaveText(tr('quota.saved'));
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login$/);

    await signInAs(page, 'editor');
    await page.goto(overview);
    await expect(page.getByTestId('quota-line')).toContainText(tr('overview.quotaOf', { type: tr('quota.labels.map'), count, max: count }));
    await page.getByTestId('new-map').click();
    await page.getByTestId('template-blank').click();
    const form = page.getByTestId('template-form');
    await form.getByLabel(tr('templates.fields.name')).fill('One map too many');
    await form.getByRole('button', { name: tr('templates.create') }).click();
    await expect(page.getByTestId('quota-message')).toHaveText(tr('quota.reached', { type: tr('quota.kinds.map') }));
    await page
      .getByTestId('quota-dialog')
      .getByRole('button', { name: tr('quota.ok') })
      .click();
    await expect(card(page, 'One map too many')).toHaveCount(0);
  } finally {
    await root.patch(`/api/v1/clients/${DEMO_CLIENT}/quotas`, { data: { map: null } });
    await root.dispose();
  }
});

test('a user changes their profile and password', async ({ page, baseURL }) => {
  const email = uniqueEmail('profile');
  await createAccount(baseURL ?? '', email, 'the-first-quiet-lantern', 'editor');
  await signIn(page, email, 'the-first-quiet-lantern');
  await page.getByTestId('user-settings-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('userSettings.title'));

  const profile = page.getByTestId('profile-form');
  await profile.getByLabel(tr('userSettings.firstName')).fill('Ada');
  await profile.getByLabel(tr('userSettings.surname')).fill('Lovelace');
  await profile.getByRole('button', { name: tr('userSettings.saveProfile') }).click();
  await expect(page.getByTestId('toast-success').last()).toHaveText(tr('userSettings.profileSaved'));
  await expect(page.getByTestId('user-name')).toHaveText('Ada Lovelace');

  const password = page.getByTestId('password-form');
  await password.getByLabel(tr('userSettings.currentPassword')).fill('not-my-password');
  await password.getByLabel(tr('password.new'), { exact: true }).fill('second-quiet-lantern');
  await password.getByLabel(tr('password.confirm')).fill('second-quiet-lantern');
  await password.getByRole('button', { name: tr('userSettings.savePassword') }).click();
  await expect(password.getByText(tr('userSettings.currentWrong'))).toBeVisible();
  await password.getByLabel(tr('userSettings.currentPassword')).fill('the-first-quiet-lantern');
  await password.getByRole('button', { name: tr('userSettings.savePassword') }).click();
  await expect(page.getByTestId('toast-success').last()).toHaveText(tr('userSettings.passwordSaved'));

  await page.getByTestId('logout').click();
  await signIn(page, email, 'second-quiet-lantern');
});
