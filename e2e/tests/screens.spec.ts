import { expect, test, type Page } from '@playwright/test';
import {
  apiAsDemo,
  createAccount,
  DEMO_CLIENT_TITLE,
  invite,
  inviteNewAddress,
  signIn,
  signInAs,
  uniqueClientName,
  uniqueEmail,
} from './accounts';
import { LOCALES, text } from './catalog';
import { outboxFiles, waitForLink } from './outbox';
import { saveShot } from './shots';

// Every account screen and dialog in each language, checked against the catalogs and saved as
// screenshots for people to look at (STRATA_SHOTS_DIR, /tmp/shots by default).

async function heading(page: Page, expected: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected);
}

for (const { lang, locale } of LOCALES) {
  const tr = (key: string, values?: Record<string, string | number>) => text(lang, key, values);

  test.describe(`screens in ${lang}`, () => {
    test.use({ locale });

    test('registration and declining', async ({ page, baseURL }) => {
      const email = uniqueEmail(`shots-${lang}`);
      const { register, decline } = await inviteNewAddress(baseURL ?? '', email, 'editor');

      await page.goto(register);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await heading(page, tr('register.title'));
      await expect(page.getByTestId('invitation-summary')).toHaveText(
        tr('invitation.summary', { client: DEMO_CLIENT_TITLE, role: tr('roles.editor') }),
      );
      await saveShot(page, `register-${lang}`);

      await page.getByLabel(tr('password.new'), { exact: true }).fill('1234');
      await page.getByRole('button', { name: tr('register.submit') }).click();
      await expect(page.getByText(tr('problems.passwordTooShort'))).toBeVisible();
      await expect(page.getByText(tr('problems.required'))).toBeVisible();
      await saveShot(page, `register-problems-${lang}`);

      await page.goto(decline);
      await heading(page, tr('decline.title'));
      await saveShot(page, `decline-${lang}`);
      await page.getByRole('button', { name: tr('decline.submit') }).click();
      await heading(page, tr('decline.doneTitle'));
      await saveShot(page, `declined-${lang}`);

      await page.goto(register);
      await heading(page, tr('invitation.invalidTitle'));
      await expect(page.getByText(tr('invitation.invalidBody'))).toBeVisible();
      await saveShot(page, `invitation-invalid-${lang}`);
    });

    test('password reset', async ({ page, baseURL }) => {
      const email = uniqueEmail(`reset-${lang}`);
      await createAccount(baseURL ?? '', email, 'first-password');

      await page.goto('/reset-password');
      await heading(page, tr('resetPassword.title'));
      await page.getByRole('button', { name: tr('resetPassword.send') }).click();
      await expect(page.getByText(tr('problems.required'))).toBeVisible();
      await saveShot(page, `reset-request-${lang}`);

      const before = await outboxFiles(email);
      await page.getByLabel(tr('login.email'), { exact: true }).fill(email);
      await page.getByRole('button', { name: tr('resetPassword.send') }).click();
      await heading(page, tr('resetPassword.sentTitle'));
      await expect(page.getByTestId('reset-sent')).toHaveText(tr('resetPassword.sentBody', { email }));
      await saveShot(page, `reset-sent-${lang}`);

      const link = await waitForLink(email, '/reset-password', { exclude: before });
      await page.goto(link);
      await heading(page, tr('resetPassword.chooseTitle'));
      await page.getByLabel(tr('password.new'), { exact: true }).fill('second-password');
      await page.getByLabel(tr('password.confirm'), { exact: true }).fill('second-passw0rd');
      await page.getByRole('button', { name: tr('resetPassword.save') }).click();
      await expect(page.getByText(tr('problems.confirmationMismatch'))).toBeVisible();
      await saveShot(page, `reset-choose-${lang}`);

      await page.getByLabel(tr('password.confirm'), { exact: true }).fill('second-password');
      await page.getByRole('button', { name: tr('resetPassword.save') }).click();
      await heading(page, tr('resetPassword.doneTitle'));
      await saveShot(page, `reset-done-${lang}`);

      await page.goto(link);
      await page.getByLabel(tr('password.new'), { exact: true }).fill('third-password');
      await page.getByLabel(tr('password.confirm'), { exact: true }).fill('third-password');
      await page.getByRole('button', { name: tr('resetPassword.save') }).click();
      await heading(page, tr('resetPassword.invalidTitle'));
      await saveShot(page, `reset-invalid-${lang}`);
    });

    test('clients overview and its dialogs', async ({ page }) => {
      await signInAs(page, 'superuser');
      await heading(page, tr('clients.title'));
      await expect(page.getByTestId('client-row-demo')).toContainText(tr('clients.status.active'));

      await page.getByRole('button', { name: tr('clients.add') }).click();
      await page.getByLabel(tr('clients.fields.title'), { exact: true }).fill('Demo');
      await page.getByRole('button', { name: tr('clients.create') }).click();
      await expect(page.getByText(tr('problems.taken'))).toBeVisible();
      await saveShot(page, `clients-add-${lang}`);

      const name = uniqueClientName(`shots-${lang}`);
      const title = `Überprüfungsgesellschaft ${lang.toUpperCase()}`;
      await page.getByLabel(tr('clients.fields.title'), { exact: true }).fill(title);
      await page.getByLabel(tr('clients.fields.name'), { exact: true }).fill(name);
      await page.getByRole('button', { name: tr('clients.create') }).click();
      await expect(page.getByTestId('toast-success')).toHaveText(tr('clients.created', { title }));
      const row = page.getByTestId(`client-row-${name}`);
      await row.getByRole('button', { name: tr('clients.deactivate') }).click();
      await expect(row).toContainText(tr('clients.status.deactivated'));
      await saveShot(page, `clients-${lang}`);

      await row.getByRole('button', { name: tr('clients.deleteFinally') }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading')).toHaveText(tr('clients.deleteDialog.title', { title }));
      await saveShot(page, `clients-delete-dialog-${lang}`);
      await dialog.getByRole('button', { name: tr('form.cancel') }).click();

      await row.getByRole('button', { name: tr('clients.reactivate') }).click();
      await expect(row).toContainText(tr('clients.status.active'));
      await row.getByRole('link', { name: title }).click();
      await heading(page, title);
      await expect(page.getByTestId('maps-empty')).toContainText(tr('mapOverview.emptyTitle'));
      await saveShot(page, `map-overview-empty-${lang}`);

      await page.goto('/clients/no-such-client');
      await expect(page.getByTestId('client-not-found')).toBeVisible();
      await saveShot(page, `map-overview-not-found-${lang}`);
    });

    test('map overview and the invitation dialog', async ({ page }) => {
      await signInAs(page, 'admin');
      await heading(page, DEMO_CLIENT_TITLE);
      await expect(page.getByTestId('maps-list')).toBeVisible();
      await saveShot(page, `map-overview-${lang}`);

      await page.getByRole('button', { name: tr('invite.open') }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading')).toHaveText(tr('invite.title', { client: DEMO_CLIENT_TITLE }));
      await dialog.getByLabel(tr('login.email'), { exact: true }).fill('not-an-address');
      await dialog.getByRole('button', { name: tr('invite.send') }).click();
      await expect(dialog.getByText(tr('problems.emailInvalid'))).toBeVisible();
      await saveShot(page, `invite-dialog-${lang}`);

      const email = uniqueEmail(`invited-${lang}`);
      await dialog.getByLabel(tr('login.email'), { exact: true }).fill(email);
      await dialog.getByLabel(tr('invite.role'), { exact: true }).selectOption('admin');
      await dialog.getByRole('button', { name: tr('invite.send') }).click();
      await expect(page.getByTestId('toast-success')).toHaveText(
        tr('invite.sent', { email, role: tr('roles.admin') }),
      );
      await saveShot(page, `invite-sent-toast-${lang}`);
    });

    test('asking for access', async ({ page, baseURL }) => {
      const email = uniqueEmail(`asking-${lang}`);
      await createAccount(baseURL ?? '', email, 'asking-password', 'guest');
      const second = uniqueClientName(`second-${lang}`);
      const superuser = await apiAsDemo(baseURL ?? '', 'superuser');
      try {
        const res = await superuser.post('/api/v1/clients', {
          data: { name: second, title: 'Zweite Organisation' },
        });
        expect(res.status()).toBe(201);
        expect(await invite(superuser, second, email, 'student')).toBe(200);
      } finally {
        await superuser.dispose();
      }

      await signIn(page, email, 'asking-password');
      await heading(page, tr('clients.title'));
      await saveShot(page, `clients-member-${lang}`);
      await page
        .getByTestId('client-row-demo')
        .getByRole('button', { name: tr('clients.askAccess') })
        .click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading')).toHaveText(tr('askAccess.title', { title: DEMO_CLIENT_TITLE }));
      await dialog.getByRole('textbox').fill('Bitte / please / s’il vous plaît');
      await saveShot(page, `ask-access-dialog-${lang}`);
      await dialog.getByRole('button', { name: tr('askAccess.send') }).click();
      await expect(page.getByTestId('toast-success')).toHaveText(
        tr('askAccess.sent', { title: DEMO_CLIENT_TITLE }),
      );
      await saveShot(page, `ask-access-sent-${lang}`);
    });
  });
}
