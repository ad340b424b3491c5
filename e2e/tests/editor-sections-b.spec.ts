// The editor's panels for the table of contents, social sharing, cookie consent and quizzes:
// built in the editor, kept over a reload, an undone change, the roles, and another editor's lock.
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { signInAs, type DemoRole } from './accounts';
import { demoMapId, openEditor as openEditorAt, together as editorsTogether, waitForEditor } from './editing';
import { saveShot } from './shots';

const VIEWPORT = { width: 1400, height: 900 };
const openEditor = (browser: Browser, role: DemoRole, locale = 'en-US') => openEditorAt(browser, role, { locale, viewport: VIEWPORT });

async function openPanel(page: Page, option: string, testId: string): Promise<Locator> {
  await page.getByTestId(`menu-${option}`).click();
  const panel = page.getByTestId(testId);
  await expect(panel).toBeVisible();
  return panel;
}

async function closePanel(page: Page, option: string, testId: string): Promise<void> {
  await page.getByTestId(`menu-${option}`).click();
  await expect(page.getByTestId(testId)).toHaveCount(0);
}

/** Types into a section field and leaves it (the panels hand a text on when it is left). */
async function enter(field: Locator, text: string): Promise<void> {
  await field.fill(text);
  await field.press('Tab');
}

async function saved(page: Page): Promise<void> {
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 10_000 });
}

async function section<T>(api: APIRequestContext, mapId: number, name: string): Promise<T> {
  const res = await api.get(`/api/v1/maps/${mapId}/${name}`);
  expect(res.ok(), `${name}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** Adds a contents entry for the first node whose title holds `search`. */
async function addEntry(panel: Locator, search: string): Promise<void> {
  await panel.getByTestId('toc-add').click();
  const picker = panel.getByTestId('toc-picker-new');
  await picker.getByTestId('toc-picker-new-search').fill(search);
  await picker.getByRole('listitem').first().getByRole('button').click();
}

interface TocAnswer {
  entries: { title: Record<string, string>; depth: number; node_id: number; zoom_level: number }[];
}

test.describe('sections in the editor', () => {
  test.use({ locale: 'en-US', viewport: VIEWPORT });

  test('table of contents: built from the nodes, a too deep level refused, reordered, kept', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    const mapId = await demoMapId(page.request);
    const panel = await openPanel(page, 'tableOfContents', 'toc-sidebar');
    // The node picker searches by title, and Escape closes it without adding.
    await panel.getByTestId('toc-add').click();
    await page.keyboard.press('Escape');
    await expect(panel.getByTestId('toc-picker-new')).toHaveCount(0);
    for (const search of ['', '', '']) await addEntry(panel, search);
    await expect(panel.locator('[data-testid^="toc-entry-"]')).toHaveCount(3);

    await panel.getByTestId('toc-depth-1').selectOption('2');
    await expect(panel.getByTestId('toc-entry-1')).toHaveAttribute('data-depth', '2');
    // Level 4 under a level-2 entry is refused in the form and not sent.
    await panel.getByTestId('toc-depth-2').selectOption('4');
    await expect(panel.getByTestId('toc-refused-2')).toContainText('at most level 3');
    await expect(panel.getByTestId('toc-entry-2')).toHaveAttribute('data-depth', '1');
    await panel.getByTestId('toc-indent-2').click();
    await expect(panel.getByTestId('toc-entry-2')).toHaveAttribute('data-depth', '2');

    await enter(panel.getByTestId('toc-title-0'), 'Start here');
    await panel.getByTestId('toc-zoom-0').selectOption('2');
    // Moved down by its button: the entries after fit the one-level rule.
    await panel.getByTestId('toc-down-0').click();
    await expect(panel.getByTestId('toc-title-1')).toHaveValue('Start here');
    await expect(panel.getByTestId('toc-entry-0')).toHaveAttribute('data-depth', '1');
    // And back up by dragging.
    await panel.getByTestId('toc-handle-1').dragTo(panel.getByTestId('toc-entry-0'));
    await expect(panel.getByTestId('toc-title-0')).toHaveValue('Start here');
    await saved(page);

    const stored = await section<TocAnswer>(page.request, mapId, 'toc');
    expect(stored.entries).toHaveLength(3);
    expect(stored.entries[0]).toMatchObject({ title: { en: 'Start here' }, depth: 1, zoom_level: 2 });
    await page.reload();
    await waitForEditor(page);
    const again = await openPanel(page, 'tableOfContents', 'toc-sidebar');
    await expect(again.getByTestId('toc-title-0')).toHaveValue('Start here');
    await expect(again.locator('[data-testid^="toc-entry-"]')).toHaveCount(3);
    await context.close();
  });

  test('social sharing and cookie consent: kept over a reload, a change undone', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    const mapId = await demoMapId(page.request);
    const social = await openPanel(page, 'socialNetworks', 'social-sidebar');
    await social.getByTestId('social-network-email').check();
    await social.getByTestId('social-network-facebook').check();
    await enter(social.getByTestId('social-title'), 'A map of the harbour');
    await enter(social.getByTestId('social-description'), 'Everything about the harbour, on one map.');
    await enter(social.getByTestId('social-hashtags'), '#harbour, maps  #Harbour');
    await expect(social.getByTestId('social-hashtags')).toHaveValue('harbour maps');
    // An image address that is not http(s) is named and kept in the box, not sent.
    await enter(social.getByTestId('social-image'), 'ftp://example.org/a.png');
    await expect(social.getByRole('alert')).toContainText('http');
    await expect(social.getByTestId('social-image')).toHaveValue('ftp://example.org/a.png');
    // Leaving the panel with it asks first; staying keeps what was typed.
    await page.getByTestId('menu-cookieConsent').click();
    const ask = page.getByTestId('confirm-dialog');
    await expect(ask).toContainText('This panel has changes that are not saved');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(social.getByTestId('social-image')).toHaveValue('ftp://example.org/a.png');
    await enter(social.getByTestId('social-image'), 'https://example.org/harbour.png');
    await expect(social.getByRole('alert')).toHaveCount(0);

    const cookies = await openPanel(page, 'cookieConsent', 'cookies-sidebar');
    await cookies.getByTestId('cookies-enabled').check();
    await enter(cookies.getByTestId('cookies-title'), 'Cookies on this map');
    await enter(cookies.getByTestId('cookies-external-label'), 'Videos and remote pictures');
    await enter(cookies.getByTestId('cookies-imprint_url'), 'https://example.org/imprint');
    await saved(page);
    // Undone from the toolbar: the title goes back, in the panel and on the server.
    await enter(cookies.getByTestId('cookies-title'), 'A title to undo');
    await saved(page);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(cookies.getByTestId('cookies-title')).toHaveValue('Cookies on this map');
    await saved(page);
    await expect
      .poll(async () => (await section<{ title: Record<string, string> }>(page.request, mapId, 'cookie_consent')).title)
      .toEqual({ en: 'Cookies on this map' });

    await page.reload();
    await waitForEditor(page);
    const s = await openPanel(page, 'socialNetworks', 'social-sidebar');
    await expect(s.getByTestId('social-network-email')).toBeChecked();
    await expect(s.getByTestId('social-network-x')).not.toBeChecked();
    await expect(s.getByTestId('social-title')).toHaveValue('A map of the harbour');
    await expect(s.getByTestId('social-image')).toHaveValue('https://example.org/harbour.png');
    const c = await openPanel(page, 'cookieConsent', 'cookies-sidebar');
    await expect(c.getByTestId('cookies-enabled')).toBeChecked();
    await expect(c.getByTestId('cookies-external-label')).toHaveValue('Videos and remote pictures');
    await expect(c.getByTestId('cookies-imprint_url')).toHaveValue('https://example.org/imprint');
    const stored = await section<{ networks: string[] }>(page.request, mapId, 'social_sharing');
    expect(stored.networks).toEqual(['facebook', 'email']);
    await context.close();
  });

  test('quizzes: what is missing is said first; saved, counted, discarded and deleted', async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor');
    const mapId = await demoMapId(page.request);
    const panel = await openPanel(page, 'quiz', 'quiz-sidebar');
    await panel.getByTestId('quiz-new').click();
    await enter(panel.getByTestId('quiz-question-0-text'), 'Where do ships tie up?');
    await panel.getByTestId('quiz-save').click();
    await expect(panel.getByTestId('quiz-missing')).toBeVisible();
    await expect(panel.getByText('Give the quiz a name.')).toBeVisible();
    await expect(panel.getByTestId('quiz-answers-0-problem')).toContainText('Mark at least one answer');

    await enter(panel.getByTestId('quiz-name'), 'Harbour quiz');
    await enter(panel.getByTestId('quiz-answer-0-0-text'), 'At the quay');
    await enter(panel.getByTestId('quiz-answer-0-1-text'), 'In the lighthouse');
    await panel.getByTestId('quiz-answer-0-0-correct').check();
    await panel.getByTestId('quiz-save').click();
    await expect(panel.getByTestId('quiz-unsaved')).toHaveCount(0);
    await expect(panel.getByTestId('quiz-missing')).toHaveCount(0);
    const list = (await (await page.request.get(`/api/v1/maps/${mapId}/quizzes`)).json()) as {
      quizzes: { id: number; questions: { id: number; answers: { id: number }[] }[] }[];
    };
    const quiz = list.quizzes.at(-1);
    if (!quiz) throw new Error('the quiz was not stored');

    // Readers answer the published quiz: editors see the counts per answer.
    const address = `quiz-${Date.now().toString(36)}`;
    expect(
      (await page.request.patch(`/api/v1/maps/${mapId}/publication`, { data: { url: address, access_mode: 'accessible' } })).ok(),
    ).toBe(true);
    expect((await page.request.patch(`/api/v1/maps/${mapId}/live`, { data: { live: true } })).ok()).toBe(true);
    expect((await page.request.post(`/api/v1/maps/${mapId}/publish`, { data: { name: 'With a quiz' } })).ok()).toBe(true);
    const question = quiz.questions[0];
    const first = question?.answers[0];
    if (!question || !first) throw new Error('the quiz has no answers');
    for (let i = 0; i < 2; i++) {
      const res = await page.request.post(`/api/v1/public/maps/${address}/quizzes/${quiz.id}/answers`, {
        data: { answers: [{ question_id: question.id, answer_ids: [first.id] }] },
      });
      expect(res.ok(), await res.text()).toBe(true);
    }
    await panel.getByTestId('quiz-back').click();
    await panel.getByTestId(`quiz-edit-${quiz.id}`).click();
    await expect(panel.getByTestId('quiz-count-0-0')).toContainText('chosen 2 times');
    await expect(panel.getByTestId('quiz-count-0-1')).toContainText('chosen 0 times');

    // Discard puts back what was saved.
    await enter(panel.getByTestId('quiz-name'), 'Renamed and dropped');
    await expect(panel.getByTestId('quiz-unsaved')).toBeVisible();
    await panel.getByTestId('quiz-discard').click();
    await expect(panel.getByTestId('quiz-name')).toHaveValue('Harbour quiz');

    // Kept over a reload; deleting asks first.
    await page.reload();
    await waitForEditor(page);
    const again = await openPanel(page, 'quiz', 'quiz-sidebar');
    await expect(again.getByTestId(`quiz-row-${quiz.id}`)).toContainText('Harbour quiz');
    await again.getByTestId(`quiz-delete-${quiz.id}`).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(again.getByTestId(`quiz-row-${quiz.id}`)).toHaveCount(0);
    await page.request.delete(`/api/v1/maps/${mapId}/publication/live`);
    await page.request.patch(`/api/v1/maps/${mapId}/live`, { data: { live: false } });
    await context.close();
  });

  test('a student sees the table of contents and quizzes as needing an Editor', async ({ page }) => {
    await signInAs(page, 'student');
    await page.goto(`/editor/${await demoMapId(page.request)}`);
    await waitForEditor(page);
    for (const option of ['tableOfContents', 'quiz', 'quizForm']) {
      await expect(page.getByTestId(`menu-${option}`)).toBeDisabled();
      await expect(page.getByTestId(`menu-${option}`)).toHaveAccessibleDescription(/Editor/);
    }
    await expect(page.getByTestId('menu-socialNetworks')).toBeEnabled();
    await expect(page.getByTestId('menu-cookieConsent')).toBeEnabled();
  });

  test('a second editor sees the section lock and opens the panel read-only', async ({ browser }) => {
    const { a, b, close } = await editorsTogether(browser, { viewport: VIEWPORT });
    for (const [option, testId, control] of [
      ['tableOfContents', 'toc-sidebar', 'toc-add'],
      ['socialNetworks', 'social-sidebar', 'social-network-x'],
      ['cookieConsent', 'cookies-sidebar', 'cookies-enabled'],
      ['quiz', 'quiz-sidebar', 'quiz-new'],
    ] as const) {
      await openPanel(a, option, testId);
      await expect(b.getByTestId(`menu-${option}`)).toHaveAttribute('data-locked-by', /.+/);
      const other = await openPanel(b, option, testId);
      await expect(other.getByTestId('sidebar-lock')).toContainText('Demo editor');
      await expect(other.getByTestId(control)).toBeDisabled();
      await closePanel(b, option, testId);
      await closePanel(a, option, testId);
      await expect(b.getByTestId(`menu-${option}`)).not.toHaveAttribute('data-locked-by', /.+/);
    }
    await close();
  });
});

const SHOT_QUIZ = {
  name: { en: 'Harbour quiz', de: 'Hafenquiz', fr: 'Quiz du port' },
  description: { en: 'Five minutes about the harbour.', de: 'Fünf Minuten über den Hafen.', fr: 'Cinq minutes sur le port.' },
  expandable: true,
  questions: [
    {
      text: { en: 'Where do ships tie up?', de: 'Wo legen Schiffe an?', fr: 'Où les navires accostent-ils ?' },
      multiple_answers: false,
      answers: [
        { text: { en: 'At the quay', de: 'Am Kai', fr: 'Au quai' }, correct: true },
        { text: { en: 'In the lighthouse', de: 'Im Leuchtturm', fr: 'Dans le phare' }, correct: false },
      ],
    },
    {
      text: { en: 'What does a harbour offer?', de: 'Was bietet ein Hafen?', fr: 'Qu’offre un port ?' },
      multiple_answers: true,
      answers: [
        { text: { en: 'Shelter', de: 'Schutz', fr: 'Un abri' }, correct: true },
        { text: { en: 'Cargo handling', de: 'Umschlag', fr: 'La manutention' }, correct: true },
        { text: { en: 'Mountains', de: 'Berge', fr: 'Des montagnes' }, correct: false },
      ],
    },
  ],
};

for (const [lang, locale] of [
  ['en', 'en-US'],
  ['de', 'de-DE'],
  ['fr', 'fr-FR'],
] as const) {
  test(`the section panels in ${lang} (screenshots)`, async ({ browser }) => {
    const { context, page } = await openEditor(browser, 'editor', locale);
    const dir = `sections-b/${lang}`;
    const toc = await openPanel(page, 'tableOfContents', 'toc-sidebar');
    if ((await toc.locator('[data-testid^="toc-entry-"]').count()) < 2) {
      await addEntry(toc, '');
      await addEntry(toc, '');
      await toc.getByTestId('toc-indent-1').click();
    }
    await toc.getByTestId('toc-node-0').click();
    await saveShot(page, `${dir}-toc`);
    await page.keyboard.press('Escape');
    await openPanel(page, 'socialNetworks', 'social-sidebar');
    await saveShot(page, `${dir}-social`);
    await openPanel(page, 'cookieConsent', 'cookies-sidebar');
    await saveShot(page, `${dir}-cookies`);
    const mapId = await demoMapId(page.request);
    const quizzes = (await (await page.request.get(`/api/v1/maps/${mapId}/quizzes`)).json()) as { quizzes: { id: number }[] };
    let quizId = quizzes.quizzes[0]?.id;
    if (quizId === undefined) {
      const made = await page.request.post(`/api/v1/maps/${mapId}/quizzes`, { data: SHOT_QUIZ });
      expect(made.ok(), await made.text()).toBe(true);
      quizId = ((await made.json()) as { id: number }).id;
    }
    const quiz = await openPanel(page, 'quiz', 'quiz-sidebar');
    await expect(quiz.getByTestId(`quiz-row-${quizId}`)).toBeVisible();
    await saveShot(page, `${dir}-quiz-list`);
    await quiz.getByTestId(`quiz-edit-${quizId}`).click();
    await expect(quiz.getByTestId('quiz-question-1')).toBeVisible();
    await saveShot(page, `${dir}-quiz-form`);
    await quiz.getByTestId('quiz-back').click();
    await quiz.getByTestId('quiz-new').click();
    await quiz.getByTestId('quiz-save').click();
    await expect(quiz.getByTestId('quiz-missing')).toBeVisible();
    await saveShot(page, `${dir}-quiz-form-missing`);
    await context.close();
  });
}
