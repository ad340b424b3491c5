// The Content-Security-Policy (script-src 'self', no inline script) must not break the app:
// the editor and a published map open without a single violation.
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './accounts';
import { openEditor, demoMapId } from './editing';

function violations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

test('the editor and the public map run under the Content-Security-Policy', async ({ browser, page }) => {
  const { context, page: editor } = await openEditor(browser, 'editor');
  const editorViolations = violations(editor);
  await editor.reload();
  await expect(editor.getByTestId('editor-canvas')).toBeVisible();
  const csp = (await editor.request.get('/')).headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");

  await signInAs(page, 'editor');
  const map = { id: await demoMapId(page.request) };
  const address = `csp-${Date.now().toString(36)}`;
  expect((await page.request.patch(`/api/v1/maps/${map.id}/publication`, { data: { url: address, access_mode: 'accessible' } })).ok()).toBe(
    true,
  );
  expect((await page.request.patch(`/api/v1/maps/${map.id}/live`, { data: { live: true } })).ok()).toBe(true);
  expect((await page.request.post(`/api/v1/maps/${map.id}/publish`, { data: { name: 'CSP' } })).ok()).toBe(true);
  const reader = await browser.newContext();
  try {
    const readerPage = await reader.newPage();
    const readerViolations = violations(readerPage);
    await readerPage.goto(`/m/${address}`);
    await expect(readerPage.getByTestId('viewer-canvas')).toBeVisible();
    await readerPage.waitForTimeout(500);
    expect([...editorViolations, ...readerViolations]).toEqual([]);
  } finally {
    // Taken down again: the specs after this one find the demo map unpublished.
    await page.request.patch(`/api/v1/maps/${map.id}/live`, { data: { live: false } });
    await page.request.delete(`/api/v1/maps/${map.id}/publication/live`);
    await reader.close();
    await context.close();
  }
});
