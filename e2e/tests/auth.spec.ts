import { expect, test, type Page } from '@playwright/test';

// Needs the server's auth calls (POST /auth/login, GET /users/{id}, POST /auth/logout) and the
// demo data that `strata demo` seeds: client "demo" with one user per role.
const demoPassword = (role: string) => `demo-${role}`;
const demoEmail = (role: string) => `${role}@demo.example.org`;

async function signIn(page: Page, role: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail address', { exact: true }).fill(demoEmail(role));
  await page.getByLabel('Password', { exact: true }).fill(demoPassword(role));
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const wrongCredentials = [
  {
    locale: 'en-US',
    email: 'E-mail address',
    password: 'Password',
    submit: 'Sign in',
    message: 'The e-mail address or password is incorrect.',
  },
  {
    locale: 'de-DE',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    submit: 'Anmelden',
    message: 'E-Mail-Adresse oder Passwort ist falsch.',
  },
  {
    locale: 'fr-FR',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    submit: 'Se connecter',
    message: 'L’adresse e-mail ou le mot de passe est incorrect.',
  },
];

for (const texts of wrongCredentials) {
  test.describe(`wrong credentials in ${texts.locale}`, () => {
    test.use({ locale: texts.locale });

    test('are reported in the interface language', async ({ page }) => {
      await page.goto('/login');
      await page.getByLabel(texts.email, { exact: true }).fill(`nobody-${texts.locale}@demo.example.org`);
      await page.getByLabel(texts.password, { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: texts.submit }).click();

      await expect(page.getByRole('alert')).toHaveText(texts.message);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('button', { name: texts.submit })).toBeEnabled();
    });
  });
}

test.describe('signed in', () => {
  test.use({ locale: 'en-US' });

  test('an editor of one client lands on its map overview, survives a reload and logs out', async ({ page }) => {
    await signIn(page, 'editor');

    await expect(page).toHaveURL(/\/clients\/demo$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demo organisation');
    await expect(page.getByTestId('user-name')).not.toBeEmpty();
    const storedId = await page.evaluate(() => localStorage.getItem('strata.userId'));
    expect(storedId).toMatch(/^\d+$/);

    await page.reload();
    await expect(page).toHaveURL(/\/clients\/demo$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demo organisation');

    await page.goto('/');
    await expect(page).toHaveURL(/\/clients\/demo$/);

    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('strata.userId'))).toBeNull();

    await page.goto('/clients/demo');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a superuser lands on the clients overview', async ({ page }) => {
    await signIn(page, 'superuser');
    await expect(page).toHaveURL(/\/clients$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a student may open the editor', async ({ page }) => {
    await signIn(page, 'student');
    await expect(page).toHaveURL(/\/clients\/demo$/);
    await page.goto('/editor/1');
    await expect(page).toHaveURL(/\/editor\/1$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Strata');
    await expect(page.getByTestId('editor-canvas')).toBeVisible();
  });

  test('a guest is sent from the editor to the map overview of its one client', async ({ page }) => {
    await signIn(page, 'guest');
    await expect(page).toHaveURL(/\/clients\/demo$/);
    await page.goto('/editor/1');
    await expect(page).toHaveURL(/\/clients\/demo$/);
  });

  for (const role of ['admin', 'editor', 'student', 'guest']) {
    test(`the demo ${role} sees the demo maps`, async ({ page }) => {
      await signIn(page, role);
      await expect(page).toHaveURL(/\/clients\/demo$/);
      await expect(page.getByTestId('maps-list').getByRole('link')).toHaveCount(1);
      await expect(page.getByRole('link', { name: /Welcome to Strata/ })).toHaveAttribute('href', /^\/editor\/\d+$/);
    });
  }
});
