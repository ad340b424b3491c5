// The reader's map shows the map's sections: the header bar, About this map, the glossary, the
// bibliography, the contents, quizzes, share buttons and the cookie consent. The sections are
// written through the API as the demo editor; the map is published and read signed out.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAs } from './accounts';
import { LOCALES, text, type Lang } from './catalog';
import {
  ABOUT_LABEL,
  DEFINITION,
  prepare,
  QUIZ_NAME,
  REMOTE_IMAGE,
  RIGHT_ANSWER,
  TERM,
  TOC_TITLE,
  WRONG_ANSWER,
  type Prepared,
} from './readerSections';
import { saveShot } from './shots';
import type { HookWindow } from './viewerHook';

test.describe.configure({ mode: 'serial' });

let prepared: Prepared;
let editor: Page;

test.beforeAll(async ({ browser, baseURL }) => {
  editor = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await signInAs(editor, 'editor');
  prepared = await prepare(editor.request, baseURL ?? '');
});

test.afterAll(async () => {
  await prepared.undo();
  await editor.context().close();
});

async function openReader(browser: Browser, locale: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ locale, viewport });
  const page = await context.newPage();
  await page.goto(`/m/${prepared.address}`);
  await expect(page.getByTestId('viewer-canvas')).toBeVisible();
  await page.waitForFunction(() => (window as HookWindow).__strataViewer !== undefined);
  return page;
}

/** Opens the node through the contents panel: its popup opens. */
async function followContents(page: Page, lang: Lang): Promise<void> {
  await page.getByTestId('reader-open-contents').click();
  await page.getByTestId('reader-contents').getByRole('button', { name: TOC_TITLE[lang] }).click();
  await expect(page.getByTestId('reader-contents')).toHaveCount(0);
  await expect(page.getByTestId('node-popup').getByRole('heading', { level: 2 })).toHaveText(prepared.node.content[lang]?.title ?? '');
}

test('a signed-out reader uses every section of the published map', async ({ browser }) => {
  const page = await openReader(browser, 'en-US');
  const popup = page.getByTestId('node-popup');
  const banner = page.getByTestId('consent-banner');

  // The header bar: the map's logo and links, its links' targets.
  const bar = page.getByTestId('reader-bar');
  await expect(bar.getByRole('link', { name: 'Project site' })).toHaveAttribute('target', '_blank');
  await expect(bar.getByRole('link', { name: 'Project site' })).toHaveAttribute('rel', /noopener/);
  await expect(bar.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', 'mailto:team@example.org');

  // Cookies refused: the banner goes, the remote picture stays blocked.
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: text('en', 'reader.consent.imprint') })).toHaveAttribute(
    'href',
    'https://example.org/imprint',
  );
  await banner.getByRole('button', { name: text('en', 'reader.consent.necessaryOnly') }).click();
  await expect(banner).toHaveCount(0);

  // A contents entry flies to its node and opens it.
  await followContents(page, 'en');
  await expect(popup.locator(`img[src="${REMOTE_IMAGE}"]`)).toHaveCount(0);
  await expect(popup.getByText(text('en', 'reader.consent.blocked'))).toBeVisible();

  // A glossary term shows its definition when hovered, and on the keyboard when focused.
  const term = popup.locator('[data-glossary]', { hasText: TERM.en });
  await term.hover();
  await expect(page.getByTestId('glossary-tip')).toContainText(DEFINITION.en);
  await page.mouse.move(5, 5);
  await expect(page.getByTestId('glossary-tip')).toHaveCount(0);
  await term.focus();
  await expect(page.getByTestId('glossary-tip')).toContainText(DEFINITION.en);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('glossary-tip')).toHaveCount(0);
  await expect(popup).toBeVisible();

  // A citation opens the bibliography at its entry; one naming no reference is plain text.
  await expect(popup.locator('a[href="#ref-nobody"]')).toHaveCount(0);
  await expect(popup.getByText('[2]')).toBeVisible();
  await popup.getByRole('link', { name: '[1]' }).click();
  const references = page.getByTestId('reader-references');
  await expect(references.locator('[id="ref-ipcc2021"]')).toBeFocused();
  await expect(references).toContainText('IPCC (2021)');
  await page.keyboard.press('Escape');
  await expect(references).toHaveCount(0);
  await expect(popup).toBeVisible();

  // About this map, under the note's label.
  await page.getByTestId('reader-open-about').click();
  const about = page.getByTestId('reader-about');
  await expect(about.getByRole('heading', { level: 2 })).toHaveText(ABOUT_LABEL.en);
  await expect(about).toContainText('Ada Lovelace');
  await page.keyboard.press('Escape');
  await expect(about).toHaveCount(0);
  await expect(page.getByTestId('reader-open-about')).toBeFocused();

  // The glossary index: every term A–Z.
  await page.getByTestId('reader-open-glossary').click();
  await expect(page.getByTestId('reader-glossary').locator('dt')).toHaveText(['climate', 'region']);
  await page
    .getByTestId('reader-glossary')
    .getByRole('button', { name: text('en', 'reader.close') })
    .click();

  // The quiz: a wrong answer, then again, the right one.
  await page.getByTestId('reader-open-quizzes').click();
  const quiz = page.getByTestId(`quiz-${prepared.quizId}`);
  await expect(page.getByTestId('reader-quizzes')).toContainText(QUIZ_NAME.en);
  await quiz.getByRole('button', { name: text('en', 'reader.quiz.check') }).click();
  await expect(quiz.getByRole('alert')).toHaveText(text('en', 'reader.quiz.unanswered_one', { count: 1 }));
  await quiz.getByLabel(WRONG_ANSWER.en).check();
  await quiz.getByRole('button', { name: text('en', 'reader.quiz.check') }).click();
  await expect(quiz.getByTestId('quiz-verdict')).toHaveText(text('en', 'reader.quiz.notRight'));
  await expect(quiz.getByTestId('quiz-score')).toHaveText(text('en', 'reader.quiz.score_one', { right: 0, count: 1 }));
  await quiz.getByRole('button', { name: text('en', 'reader.quiz.retake') }).click();
  await expect(quiz.getByLabel(WRONG_ANSWER.en)).not.toBeChecked();
  await quiz.getByLabel(RIGHT_ANSWER.en).check();
  await quiz.getByRole('button', { name: text('en', 'reader.quiz.check') }).click();
  await expect(quiz.getByTestId('quiz-verdict')).toHaveText(text('en', 'reader.quiz.right'));
  await page.keyboard.press('Escape');

  // Share: the open node's link, in a new window without opener; e-mail as mailto:.
  await page.getByTestId('reader-open-share').click();
  const share = page.getByTestId('reader-share');
  const x = share.getByTestId('share-x');
  await expect(x).toHaveAttribute('target', '_blank');
  await expect(x).toHaveAttribute('rel', /noopener/);
  const href = (await x.getAttribute('href')) ?? '';
  expect(href.startsWith('https://x.com/intent/post?url=')).toBe(true);
  const shared = new URL(new URL(href).searchParams.get('url') ?? '');
  expect(shared.pathname).toBe(`/m/${prepared.address}`);
  expect(shared.searchParams.get('node')).toBe(String(prepared.node.id));
  await expect(share.getByTestId('share-email')).toHaveAttribute('href', /^mailto:\?subject=The%20climate%20atlas&body=/);
  // The shared link opens the map at the node.
  const opened = await browser.newPage();
  await opened.goto(shared.toString());
  await expect(opened.getByTestId('node-popup').getByRole('heading', { level: 2 })).toHaveText(prepared.node.content.en?.title ?? '');
  await opened.context().close();
  await page.keyboard.press('Escape');

  // Cookies accepted from the header's settings: the picture loads; the choice outlives a reload.
  await page.getByTestId('reader-open-consent').click();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: text('en', 'reader.consent.acceptAll') }).click();
  await expect(banner).toHaveCount(0);
  await expect(popup.locator(`img[src="${REMOTE_IMAGE}"]`)).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('viewer-canvas')).toBeVisible();
  await followContents(page, 'en');
  await expect(banner).toHaveCount(0);
  await expect(popup.locator(`img[src="${REMOTE_IMAGE}"]`)).toHaveCount(1);

  // Refused again, by category: blocked again, and the placeholder's button allows it.
  await page.getByTestId('reader-open-consent').click();
  await banner.getByTestId('consent-external').uncheck();
  await banner.getByTestId('consent-save').click();
  await expect(popup.locator(`img[src="${REMOTE_IMAGE}"]`)).toHaveCount(0);
  await popup.getByRole('button', { name: text('en', 'reader.consent.allowExternal') }).click();
  await expect(popup.locator(`img[src="${REMOTE_IMAGE}"]`)).toHaveCount(1);
  await page.context().close();
});

test('the preview shows the working copy’s sections and checks a quiz without counting it', async () => {
  await editor.goto(`/preview/${prepared.mapId}`);
  await expect(editor.getByTestId('viewer-canvas')).toBeVisible();
  await editor
    .getByTestId('consent-banner')
    .getByRole('button', { name: text('en', 'reader.consent.necessaryOnly') })
    .click();
  await editor.getByTestId('reader-open-quizzes').click();
  const quiz = editor.getByTestId(`quiz-${prepared.quizId}`);
  await quiz.getByLabel(RIGHT_ANSWER.en).check();
  await quiz.getByRole('button', { name: text('en', 'reader.quiz.check') }).click();
  await expect(quiz.getByTestId('quiz-verdict')).toHaveText(text('en', 'reader.quiz.right'));
  const counts = (await (await editor.request.get(`/api/v1/maps/${prepared.mapId}/quizzes/${prepared.quizId}`)).json()) as {
    counts: { count: number }[];
  };
  // The two answers of the public map's test above, none of the preview's.
  expect(counts.counts.reduce((sum, c) => sum + c.count, 0)).toBe(2);
  // Its share buttons name the map's public address, not the preview's.
  await editor.keyboard.press('Escape');
  await editor.getByTestId('reader-open-share').click();
  const href = (await editor.getByTestId('share-linkedin').getAttribute('href')) ?? '';
  expect(new URL(new URL(href).searchParams.get('url') ?? '').pathname).toBe(`/m/${prepared.address}`);
});

for (const { lang, locale } of LOCALES) {
  test(`the reader's sections in ${lang} (screenshots)`, async ({ browser }) => {
    const page = await openReader(browser, locale);
    const banner = page.getByTestId('consent-banner');
    await banner.getByRole('button', { name: text(lang, 'reader.consent.choose') }).click();
    await saveShot(page, `reader-consent-${lang}`);
    await banner.getByRole('button', { name: text(lang, 'reader.consent.necessaryOnly') }).click();

    await followContents(page, lang);
    await page.getByTestId('node-popup').locator('[data-glossary]', { hasText: TERM[lang] }).hover();
    await expect(page.getByTestId('glossary-tip')).toContainText(DEFINITION[lang]);
    await saveShot(page, `reader-popup-${lang}`);
    await page.mouse.move(5, 5);

    for (const name of ['about', 'glossary', 'references', 'contents', 'share'] as const) {
      await page.getByTestId(`reader-open-${name}`).click();
      await expect(page.getByTestId(`reader-${name}`)).toBeVisible();
      await saveShot(page, `reader-${name}-${lang}`);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId(`reader-${name}`)).toHaveCount(0);
    }

    await page.getByTestId('reader-open-quizzes').click();
    const quiz = page.getByTestId(`quiz-${prepared.quizId}`);
    await quiz.getByLabel(WRONG_ANSWER[lang]).check();
    await quiz.getByRole('button', { name: text(lang, 'reader.quiz.check') }).click();
    await expect(quiz.getByTestId('quiz-verdict')).toHaveText(text(lang, 'reader.quiz.notRight'));
    await saveShot(page, `reader-quiz-${lang}`);
    await page.context().close();
  });
}

test('the sections fit a 900 px wide window and a phone', async ({ browser }) => {
  for (const [name, viewport] of [
    ['900', { width: 900, height: 700 }],
    ['phone', { width: 390, height: 780 }],
  ] as const) {
    const page = await openReader(browser, 'en-US', viewport);
    await saveShot(page, `reader-${name}-consent`);
    await page
      .getByTestId('consent-banner')
      .getByRole('button', { name: text('en', 'reader.consent.acceptAll') })
      .click();
    await page.getByTestId('reader-open-glossary').scrollIntoViewIfNeeded();
    await page.getByTestId('reader-open-glossary').click();
    const panel = await page.getByTestId('reader-glossary').boundingBox();
    const frame = await page.getByTestId('viewer-canvas').boundingBox();
    if (!panel || !frame) throw new Error('no panel or map');
    // The panel leaves part of the map in sight.
    expect(panel.width * panel.height).toBeLessThan(frame.width * frame.height * 0.75);
    await saveShot(page, `reader-${name}-glossary`);
    await page.context().close();
  }
});
