import { expect, request, test, type Browser } from '@playwright/test';
import { apiAsDemo, createAccount, DEMO_CLIENT, invite, signIn, signInAs, uniqueEmail } from './accounts';
import { text, type Lang } from './catalog';
import { outboxFiles, waitForLink, waitForMail } from './outbox';
import { demoMapId } from './editing';
import { saveShot } from './shots';

// Issue 15: an address counts once proven, an invitation waits for its owner, admins revoke.

const LOCALES: Record<Lang, string> = { en: 'en-US', de: 'de-DE', fr: 'fr-FR' };

async function rolesOf(baseURL: string, email: string, password: string): Promise<string[]> {
  const api = await request.newContext({ baseURL });
  try {
    const res = await api.post('/api/v1/auth/login', { data: { email, password, remember_me: false } });
    expect(res.status()).toBe(200);
    const user = (await res.json()) as { client_roles: Record<string, string[]> };
    return user.client_roles[`/api/v1/clients/${DEMO_CLIENT}`] ?? [];
  } finally {
    await api.dispose();
  }
}

async function inviteAccount(baseURL: string, email: string, role: string): Promise<string> {
  const admin = await apiAsDemo(baseURL, 'admin');
  try {
    const before = await outboxFiles(email);
    expect(await invite(admin, DEMO_CLIENT, email, role)).toBe(201);
    return await waitForLink(email, '/register', { exclude: before });
  } finally {
    await admin.dispose();
  }
}

test('an existing account is invited: nothing changes until its owner signs in and accepts', async ({ browser, baseURL }) => {
  const base = baseURL ?? '';
  const email = uniqueEmail('existing');
  const password = 'the-first-quiet-lantern';
  await createAccount(base, email, password, 'guest');
  const link = await inviteAccount(base, email, 'editor');
  expect(await rolesOf(base, email, password)).not.toContain('/api/v1/roles/editor');

  for (const lang of ['de', 'fr', 'en'] as const) {
    const context = await browser.newContext({ locale: LOCALES[lang] });
    const page = await context.newPage();
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: text(lang, 'register.accept.title') })).toBeVisible();
    await expect(page.getByText(text(lang, 'register.accept.signIn', { email }))).toBeVisible();
    await saveShot(page, `invitation-accept-${lang}`);
    if (lang === 'en') {
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByTestId('accept-invitation').click();
      await expect(page.getByText('The password is wrong.')).toBeVisible();
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByTestId('accept-invitation').click();
      await expect(page).toHaveURL(/\/clients\/demo$/);
    }
    await context.close();
  }
  expect(await rolesOf(base, email, password)).toContain('/api/v1/roles/editor');
});

test('signed in as another account, the invitation is not taken', async ({ browser, baseURL }) => {
  const base = baseURL ?? '';
  const email = uniqueEmail('owner');
  await createAccount(base, email, 'the-owner-quiet-lantern', 'guest');
  const link = await inviteAccount(base, email, 'admin');
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await signInAs(page, 'student');
  await page.goto(link);
  await expect(page.getByTestId('invitation-other-account')).toHaveText(
    text('en', 'register.accept.otherAccount', { current: 'student@demo.example.org', email }),
  );
  await expect(page.getByTestId('accept-invitation')).toHaveCount(0);
  await saveShot(page, 'invitation-other-account-en');
  await context.close();
});

test('an admin sees the open invitations and revokes one', async ({ page, baseURL }) => {
  const email = uniqueEmail('revoked');
  const link = await inviteAccount(baseURL ?? '', email, 'student');
  await signInAs(page, 'admin');
  await page.goto(`/clients/${DEMO_CLIENT}/settings`);
  await page.getByRole('tab', { name: 'User management' }).click();
  const row = page.getByTestId('open-invitation').filter({ hasText: email });
  await expect(row).toBeVisible();
  await saveShot(page, 'invitations-open-en');
  await row.getByTestId('revoke-invitation').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('toast-success').last()).toHaveText(`The invitation of ${email} was revoked.`);
  await expect(row).toHaveCount(0);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invitation invalid or expired');
});

async function changeAddress(browser: Browser, lang: Lang, baseURL: string): Promise<void> {
  const email = uniqueEmail(`moving-${lang}`);
  const password = 'the-first-quiet-lantern';
  await createAccount(baseURL, email, password, 'guest');
  const context = await browser.newContext({ locale: LOCALES[lang] });
  const page = await context.newPage();
  await signIn(page, email, password);
  await page.goto('/settings');
  const next = uniqueEmail(`moved-${lang}`);
  await page.locator('input[name="email"]').fill(next);
  const current = page.locator('input[name="email_current_password"]');
  await expect(current).toBeVisible();
  await page.getByTestId('profile-form').locator('button[type="submit"]').click();
  await expect(page.getByTestId('profile-form').getByText(text(lang, 'problems.required'))).toBeVisible();
  await saveShot(page, `email-change-password-${lang}`);
  await current.fill(password);
  await page.getByTestId('profile-form').locator('button[type="submit"]').click();
  await expect(page.getByTestId('toast-success').last()).toHaveText(text(lang, 'userSettings.emailLinkSent', { email: next }));
  await expect(page.getByTestId('email-pending')).toHaveText(text(lang, 'userSettings.emailPending', { email: next }));
  await saveShot(page, `email-change-pending-${lang}`);
  // The old address is told; the address is the old one until the link is followed.
  expect((await waitForMail(email)).text).toContain(next);
  expect(await rolesOf(baseURL, email, password)).toBeDefined();

  await page.goto(await waitForLink(next, '/verify-email'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'verifyEmail.changedTitle'));
  await saveShot(page, `email-changed-${lang}`);
  expect(await rolesOf(baseURL, next, password)).toBeDefined();
  await context.close();
}

for (const lang of ['en', 'de', 'fr'] as const) {
  test(`the address changes with the current password and a mailed link (${lang})`, async ({ browser, baseURL }) => {
    await changeAddress(browser, lang, baseURL ?? '');
  });
}

test('a reader who signs up waits for the mailed link; a used link is refused (en, de)', async ({ browser, baseURL }) => {
  const editor = await apiAsDemo(baseURL ?? '', 'editor');
  const map = { id: await demoMapId(editor) };
  const address = `pending-${Date.now().toString(36)}`;
  try {
    expect((await editor.patch(`/api/v1/maps/${map.id}/publication`, { data: { url: address, access_mode: 'partial' } })).ok()).toBe(true);
    expect((await editor.patch(`/api/v1/maps/${map.id}/live`, { data: { live: true } })).ok()).toBe(true);
    expect((await editor.post(`/api/v1/maps/${map.id}/publish`, { data: { name: 'Pending readers' } })).ok()).toBe(true);
    for (const lang of ['en', 'de'] as const) {
      const context = await browser.newContext({ locale: LOCALES[lang] });
      const page = await context.newPage();
      await page.goto(`/m/${address}`);
      const email = uniqueEmail(`pending-${lang}`);
      await page.getByTestId('gate-name').fill('Paula Pending');
      await page.getByTestId('gate-email').fill(email);
      await page.getByTestId('gate-password').fill('password123');
      await page.getByTestId('gate-password_confirmation').fill('password123');
      await page.getByTestId('gate-submit').click();
      await expect(page.getByText(text(lang, 'problems.passwordCommon'))).toBeVisible();
      await page.getByTestId('gate-password').fill('a long enough password');
      await page.getByTestId('gate-password_confirmation').fill('a long enough password');
      await page.getByTestId('gate-submit').click();
      await expect(page.getByRole('heading', { name: text(lang, 'viewer.gate.pendingTitle') })).toBeVisible();
      await expect(page.getByText(text(lang, 'viewer.gate.pendingText', { email }))).toBeVisible();
      await saveShot(page, `reader-pending-${lang}`);
      const link = await waitForLink(email, '/verify-email');
      await page.goto(link);
      await expect(page).toHaveURL(new RegExp(`/m/${address}$`));
      await expect(page.getByTestId('viewer-canvas')).toBeVisible();
      // The link works once.
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'verifyEmail.invalidTitle'));
      await saveShot(page, `verify-link-used-${lang}`);
      await context.close();
    }
  } finally {
    await editor.delete(`/api/v1/maps/${map.id}/publication/live`);
    await editor.patch(`/api/v1/maps/${map.id}/publication`, { data: { access_mode: 'limited' } });
    await editor.patch(`/api/v1/maps/${map.id}/live`, { data: { live: false } });
    await editor.dispose();
  }
});
