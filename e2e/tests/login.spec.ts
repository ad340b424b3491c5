import { expect, test } from '@playwright/test';
import { saveShot } from './shots';

interface LoginTexts {
  locale: string;
  lang: string;
  heading: string;
  email: string;
  password: string;
  rememberMe: string;
  submit: string;
  forgot: RegExp;
  terms: string;
  privacy: string;
}

const languages: LoginTexts[] = [
  {
    locale: 'en-US',
    lang: 'en',
    heading: 'Sign in',
    email: 'E-mail address',
    password: 'Password',
    rememberMe: 'Remember me',
    submit: 'Sign in',
    forgot: /^Forgot password\?$/,
    terms: 'Terms of use',
    privacy: 'Privacy policy',
  },
  {
    locale: 'de-DE',
    lang: 'de',
    heading: 'Anmelden',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    rememberMe: 'Angemeldet bleiben',
    submit: 'Anmelden',
    forgot: /^Passwort vergessen\?$/,
    terms: 'Nutzungsbedingungen',
    privacy: 'Datenschutzerklärung',
  },
  {
    locale: 'fr-FR',
    lang: 'fr',
    heading: 'Connexion',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    rememberMe: 'Se souvenir de moi',
    submit: 'Se connecter',
    forgot: /^Mot de passe oublié\s\?$/,
    terms: 'Conditions d’utilisation',
    privacy: 'Politique de confidentialité',
  },
];

for (const texts of languages) {
  test.describe(`login page in ${texts.locale}`, () => {
    test.use({ locale: texts.locale });

    test('shows the login form in the browser language', async ({ page }) => {
      await page.goto('/login');

      await expect(page.locator('html')).toHaveAttribute('lang', texts.lang);
      await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();
      await expect(page.getByText('Strata', { exact: true }).first()).toBeVisible();
      await expect(page.getByLabel(texts.email, { exact: true })).toHaveAttribute('type', 'email');
      await expect(page.getByLabel(texts.password, { exact: true })).toHaveAttribute('type', 'password');
      await expect(page.getByRole('checkbox', { name: texts.rememberMe })).not.toBeChecked();
      await expect(page.getByRole('button', { name: texts.submit })).toBeEnabled();
      await expect(page.getByRole('link', { name: texts.forgot })).toHaveAttribute('href', '/reset-password');
      await expect(page.getByRole('link', { name: texts.terms })).toHaveAttribute('href', '/terms');
      await expect(page.getByRole('link', { name: texts.privacy })).toHaveAttribute('href', '/privacy');

      await saveShot(page, `login-${texts.lang}`);
    });
  });
}
