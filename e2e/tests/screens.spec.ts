import { expect, test, type Page } from '@playwright/test';
import {
  apiAsDemo,
  createAccount,
  DEMO_CLIENT_TITLE,
  inviteAndAccept,
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

/** A shot from the top of the page: a full-page shot taken scrolled down repeats the sticky top bar midway. */
async function topShot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await saveShot(page, name);
}

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
      // Eight characters and more, but easy to guess: the server's reason at the field.
      await page.getByLabel(tr('password.new'), { exact: true }).fill('Student2024!');
      await page.getByLabel(tr('password.confirm'), { exact: true }).fill('Student2024!');
      await page.getByRole('button', { name: tr('register.submit') }).click();
      await expect(page.getByText(tr('problems.weak_password'))).toBeVisible();
      await saveShot(page, `register-weak-${lang}`);

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
      await createAccount(baseURL ?? '', email, 'the-first-quiet-lantern');

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
      await page.getByLabel(tr('password.new'), { exact: true }).fill('second-quiet-lantern');
      await page.getByLabel(tr('password.confirm'), { exact: true }).fill('second-quiet-lantren');
      await page.getByRole('button', { name: tr('resetPassword.save') }).click();
      await expect(page.getByText(tr('problems.confirmationMismatch'))).toBeVisible();
      await saveShot(page, `reset-choose-${lang}`);

      await page.getByLabel(tr('password.confirm'), { exact: true }).fill('second-quiet-lantern');
      await page.getByRole('button', { name: tr('resetPassword.save') }).click();
      await heading(page, tr('resetPassword.doneTitle'));
      await saveShot(page, `reset-done-${lang}`);

      await page.goto(link);
      await page.getByLabel(tr('password.new'), { exact: true }).fill('third-quiet-lantern');
      await page.getByLabel(tr('password.confirm'), { exact: true }).fill('third-quiet-lantern');
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
      const confirm = page.getByRole('dialog');
      await expect(confirm.getByRole('heading')).toHaveText(tr('clients.deactivateDialog.title', { title }));
      await saveShot(page, `clients-deactivate-dialog-${lang}`);
      await confirm.getByRole('button', { name: tr('clients.deactivateDialog.confirm') }).click();
      await expect(confirm).toBeHidden();
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
      await expect(page.getByTestId('toast-success')).toHaveText(tr('invite.sent', { email, role: tr('roles.admin') }));
      await saveShot(page, `invite-sent-toast-${lang}`);
    });

    test('asking for access', async ({ page, baseURL }) => {
      const email = uniqueEmail(`asking-${lang}`);
      await createAccount(baseURL ?? '', email, 'amber-orchard-lantern', 'guest');
      const second = uniqueClientName(`second-${lang}`);
      const superuser = await apiAsDemo(baseURL ?? '', 'superuser');
      try {
        const res = await superuser.post('/api/v1/clients', {
          data: { name: second, title: 'Zweite Organisation' },
        });
        expect(res.status()).toBe(201);
        await inviteAndAccept(baseURL ?? '', superuser, second, email, 'amber-orchard-lantern', 'student');
      } finally {
        await superuser.dispose();
      }

      await signIn(page, email, 'amber-orchard-lantern');
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
      await expect(page.getByTestId('toast-success')).toHaveText(tr('askAccess.sent', { title: DEMO_CLIENT_TITLE }));
      await saveShot(page, `ask-access-sent-${lang}`);
    });

    test('account area: overview, templates, client and user settings, quotas', async ({ page, baseURL }) => {
      await signInAs(page, 'admin');
      await heading(page, DEMO_CLIENT_TITLE);
      await expect(page.getByTestId('map-card').first()).toBeVisible();
      await topShot(page, `overview-cards-${lang}`);

      await page
        .getByTestId('map-card')
        .first()
        .getByRole('button', { name: tr('overview.preview') })
        .click();
      await expect(page.getByTestId('map-preview-dialog')).toBeVisible();
      await topShot(page, `overview-preview-${lang}`);
      await page
        .getByTestId('map-preview-dialog')
        .getByRole('button', { name: tr('dialog.close') })
        .last()
        .click();

      await page.getByTestId('new-map').click();
      const chooser = page.getByTestId('template-chooser');
      await expect(chooser.getByRole('heading')).toHaveText(tr('templates.title'));
      await expect(chooser.getByTestId('template-card')).not.toHaveCount(0);
      await topShot(page, `template-chooser-${lang}`);
      await chooser.getByRole('button', { name: tr('templates.builtin.swot') }).click();
      await expect(page.getByTestId('template-form').getByRole('heading')).toHaveText(
        tr('templates.fromTitle', { name: tr('templates.builtin.swot') }),
      );
      await page
        .getByTestId('template-form')
        .getByRole('button', { name: tr('templates.create') })
        .click();
      await expect(page.getByText(tr('templates.problems.required'))).toBeVisible();
      await topShot(page, `template-form-${lang}`);
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: tr('overview.clientSettings') }).click();
      await heading(page, tr('clientSettings.title', { client: DEMO_CLIENT_TITLE }));
      const general = page.getByTestId('client-general-form');
      await general.getByLabel(tr('clientSettings.fields.cname')).fill('maps.demo.example.org');
      await general.getByLabel(tr('clientSettings.fields.subdomain')).fill('demo');
      await general.getByRole('button', { name: tr('clientSettings.save') }).click();
      await expect(general.getByText(tr('clientSettings.problems.both'))).toHaveCount(2);
      await topShot(page, `client-settings-general-${lang}`);

      await page.getByRole('tab', { name: tr('clientSettings.tabs.users') }).click();
      await expect(page.getByTestId('member-row').first()).toBeVisible();
      await page.getByTestId('invite-row').first().getByLabel(tr('login.email')).fill('later@example.org');
      await page.getByTestId('save-users').click();
      await expect(page.getByTestId('save-blocked')).toHaveText(tr('clientSettings.blocked.inviteFirst'));
      await topShot(page, `client-settings-users-${lang}`);

      await page.getByTestId('user-settings-link').click();
      await heading(page, tr('userSettings.title'));
      await page
        .getByTestId('password-form')
        .getByRole('button', { name: tr('userSettings.savePassword') })
        .click();
      await expect(page.getByText(tr('problems.required')).first()).toBeVisible();
      await topShot(page, `user-settings-${lang}`);

      await page.getByTestId('logout').click();
      await signInAs(page, 'superuser');
      await page.goto('/clients/demo/settings');
      await expect(page.getByTestId('quota-table').getByRole('button', { name: tr('quota.save') })).toBeVisible();
      await topShot(page, `client-settings-licence-${lang}`);
      await page.getByTestId('logout').click();
      await signInAs(page, 'admin');

      // The quota and trial dialogs, set up by the superuser and undone afterwards.
      const root = await apiAsDemo(baseURL ?? '', 'superuser');
      try {
        const res = await root.patch('/api/v1/clients/demo/quotas', { data: { live_map: 0 } });
        expect(res.status()).toBe(200);
        await page.goto('/clients/demo');
        await page.getByTestId('map-card').first().getByTestId('live-toggle').click();
        await expect(page.getByTestId('quota-message')).toHaveText(tr('quota.liveMapsAdmin'));
        await topShot(page, `quota-live-maps-${lang}`);

        const trial = await root.patch('/api/v1/clients/demo/testing_period', {
          data: {
            ends_at: '2026-01-31T00:00:00Z',
            payment_interval: 'yearly',
            buy_urls: { monthly: 'https://shop.example.org/monthly', yearly: 'https://shop.example.org/yearly' },
          },
        });
        expect(trial.status()).toBe(200);
        await page.goto('/clients/demo');
        await expect(page.getByTestId('trial-expired-dialog')).toContainText(tr('quota.trialAdmin'));
        await expect(page.getByRole('link', { name: tr('quota.buy.yearly') })).toHaveAttribute('href', 'https://shop.example.org/yearly');
        await topShot(page, `trial-expired-${lang}`);
      } finally {
        await root.patch('/api/v1/clients/demo/quotas', { data: { live_map: null } });
        await root.patch('/api/v1/clients/demo/testing_period', { data: { ends_at: null, payment_interval: 'monthly', buy_urls: {} } });
        await root.dispose();
      }
    });
  });
}
