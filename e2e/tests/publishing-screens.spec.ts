// The publishing screens in every interface language, with the mistakes a person can make on
// them: the editor's publishing sections (address taken, embed domains that are no domains), and
// the public map's doors for readers (wrong password, a missing field, an address not there).
// Each is checked to show the catalogue's words and saved as a screenshot to look at.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { LOCALES, text } from './catalog';
import { openEditor, demoMapId } from './editing';
import { saveShot } from './shots';

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<unknown> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** The demo map's id, and a second map of the demo client whose address the first may not take (deleted by the caller). */
async function demoMaps(api: APIRequestContext, lang: string): Promise<{ id: number; other: number }> {
  const map = { id: await demoMapId(api) };
  const other = (await ok(
    await api.post('/api/v1/clients/demo/maps', {
      data: { name: `Address holder (${lang})`, measurement: { width: 2000, height: 1000 }, visibility_levels: 3 },
    }),
  )) as { id: number };
  return { id: map.id, other: other.id };
}

for (const { lang, locale } of LOCALES) {
  test(`the publishing sections and the public map's doors in ${lang} (screenshots)`, async ({ browser }) => {
    const tr = (key: string, values?: Record<string, string | number>) => text(lang, key, values);
    const { context, page } = await openEditor(browser, 'editor', { locale });
    const api = page.request;
    const { id, other } = await demoMaps(api, lang);
    const taken = `taken-${lang}-${Date.now().toString(36)}`;
    const address = `doors-${lang}-${Date.now().toString(36)}`;
    const sidebar = page.getByTestId('publishing-sidebar');
    try {
      await ok(await api.patch(`/api/v1/maps/${other}/publication`, { data: { url: taken } }));

      // Map URL: an address another map has.
      await page.getByTestId('menu-mapUrl').click();
      await sidebar.getByTestId('publication-url').fill(taken);
      await sidebar.getByTestId('publication-save').click();
      await expect(sidebar.getByTestId('publishing-problem')).toHaveText(tr('sidebar.publishing.urlTaken'));
      await saveShot(page, `publishing-url-taken-${lang}`);
      await sidebar.getByTestId('publication-url').fill(address);
      await sidebar.getByTestId('publication-save').click();
      await expect(sidebar.getByTestId('public-link')).toHaveText(new RegExp(`/m/${address}$`));

      // Map access: a line that is no domain.
      await page.getByTestId('menu-mapAccess').click();
      await sidebar.getByTestId('access-partial').check();
      await sidebar.getByTestId('embed-domains').fill('partner.example.org\nnot a domain');
      await sidebar.getByTestId('publication-save').click();
      await expect(sidebar.getByTestId('publishing-problem')).toHaveText(
        `${tr('sidebar.publishing.invalid', { field: tr('sidebar.publishing.fields.embed_domains') })} ${tr('sidebar.publishing.domainsHint')}`,
      );
      await saveShot(page, `publishing-access-problem-${lang}`);
      await sidebar.getByTestId('embed-domains').fill('partner.example.org');
      await sidebar.getByTestId('publication-save').click();
      await expect(sidebar.getByTestId('publishing-problem')).toHaveCount(0);
      await sidebar.getByTestId('publish-button').click();
      await expect(sidebar.getByTestId('live-status')).toHaveText(tr('sidebar.publishing.status.up_to_date'));

      // SEO, with the count of the description's characters.
      await page.getByTestId('menu-seo').click();
      await sidebar.getByTestId('seo-description').fill('A map of how the organisation grows, level by level.');
      await expect(sidebar.getByTestId('seo-count')).toHaveText(tr('sidebar.publishing.seoCount', { count: 52 }));
      await saveShot(page, `publishing-seo-${lang}`);

      // Embed code.
      await page.getByTestId('menu-embedCode').click();
      await expect(page.getByTestId('embed-code')).toHaveValue(new RegExp(`/m/${address}"`));
      await saveShot(page, `publishing-embed-${lang}`);
      await ok(await api.patch(`/api/v1/maps/${id}/live`, { data: { live: true } }));

      // The public map's doors, for a reader without an account.
      const reader = await browser.newContext({ locale });
      const rp = await reader.newPage();
      await rp.goto(`/m/${address}`);
      await expect(rp.getByRole('heading', { name: tr('viewer.gate.registerTitle') })).toBeVisible();
      await rp.getByTestId('gate-submit').click();
      await expect(rp.getByText(tr('problems.required')).first()).toBeVisible();
      await saveShot(rp, `reader-register-problems-${lang}`);
      await rp.getByTestId('gate-to-signIn').click();
      await expect(rp.getByRole('heading', { name: tr('viewer.gate.signInTitle') })).toBeVisible();
      await rp.getByTestId('gate-email').fill('guest@demo.example.org');
      await rp.getByTestId('gate-password').fill('not the password');
      await rp.getByTestId('gate-submit').click();
      await expect(rp.getByTestId('gate-error')).toHaveText(tr('viewer.gate.errors.invalidCredentials'));
      await saveShot(rp, `reader-sign-in-wrong-${lang}`);

      // Members only.
      await ok(await api.patch(`/api/v1/maps/${id}/publication`, { data: { access_mode: 'limited' } }));
      await rp.reload();
      await expect(rp.getByRole('heading', { name: tr('viewer.gate.signInTitle') })).toBeVisible();
      await expect(rp.getByText(tr('viewer.gate.signInText'))).toBeVisible();
      await saveShot(rp, `reader-members-only-${lang}`);

      // An address that is not there.
      await rp.goto(`/m/no-such-map-${lang}`);
      await expect(rp.getByRole('heading', { name: tr('viewer.notFound') })).toBeVisible();
      await saveShot(rp, `public-map-not-found-${lang}`);
      await reader.close();
    } finally {
      await api.delete(`/api/v1/maps/${id}/publication/live`);
      await api.patch(`/api/v1/maps/${id}/live`, { data: { live: false } });
      await api.patch(`/api/v1/maps/${id}/publication`, { data: { access_mode: 'limited', embed_domains: '', seo_description: '' } });
      await api.delete(`/api/v1/maps/${other}`);
      await context.close();
    }
  });
}
