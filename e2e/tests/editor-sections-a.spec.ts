import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { demoMapId, openEditor as openEditorAt, together as editorsTogether } from './editing';
import { saveShot } from './shots';

// The editor's note, glossary, references and header bar panels: built in the editor, kept, undone,
// locked for a second editor who then sees the first one's change; BibTeX imports.
// Two browsers and four panels on a machine shared with other runs: more than the default 30 s.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const VIEWPORT = { width: 1400, height: 1000 };
const openEditor = (browser: Browser, locale: string) => openEditorAt(browser, 'editor', { locale, viewport: VIEWPORT });
const together = (browser: Browser) => editorsTogether(browser, { viewport: VIEWPORT });

async function openPanel(page: Page, option: string, testId: string): Promise<Locator> {
  await page.getByTestId(`menu-${option}`).click();
  const panel = page.getByTestId(testId);
  await expect(panel).toBeVisible();
  return panel;
}

async function section(request: APIRequestContext, name: string): Promise<Record<string, unknown>> {
  const id = await demoMapId(request);
  const res = await request.get(`/api/v1/maps/${id}/${name}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

/** Types into a field and leaves it: what the panel sends. */
async function type(field: Locator, text: string): Promise<void> {
  await field.fill(text);
  await field.press('Tab');
}

test("editor's note: built, kept, undone; a second editor sees the lock, then the change", async ({ browser }) => {
  const { a, b, close } = await together(browser);
  const panel = await openPanel(a, 'editorsNote', 'editors-note-panel');
  await expect(b.getByTestId('menu-editorsNote')).toHaveAttribute('data-locked-by', /.+/);
  const other = await openPanel(b, 'editorsNote', 'editors-note-panel');
  await expect(other.getByTestId('sidebar-lock')).toContainText('Demo editor');
  await expect(other.getByTestId('note-title')).toBeDisabled();

  await panel.getByTestId('section-lang-en').click();
  await type(panel.getByTestId('note-label'), 'About this map');
  await type(panel.getByTestId('note-title'), 'Who made the atoms map');
  await panel.getByTestId('note-text').click();
  await a.keyboard.type('A map of what matter is made of.');
  await panel.getByTestId('note-add-member').click();
  // A member without a name is not sent: the field says why.
  await expect(panel.getByTestId('note-member-0')).toContainText('This field is required.');
  await type(panel.getByTestId('note-member-0-name'), 'Ada Lovelace');
  await type(panel.getByTestId('note-member-0-description'), 'Wrote the texts.');
  await panel.getByTestId('note-shown').check();
  await expect(other.getByTestId('note-title')).toHaveValue('Who made the atoms map', { timeout: 5000 });
  await expect(other.getByTestId('note-member-0-name')).toHaveValue('Ada Lovelace', { timeout: 5000 });

  // Too long a title stays in the field, named, and is not sent.
  await type(panel.getByTestId('note-title'), 'x'.repeat(201));
  await expect(panel.getByRole('alert')).toContainText('At most 200 characters');
  await type(panel.getByTestId('note-title'), 'A second title');
  await expect(other.getByTestId('note-title')).toHaveValue('A second title', { timeout: 5000 });
  await a.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(panel.getByTestId('note-title')).toHaveValue('Who made the atoms map');
  await expect(other.getByTestId('note-title')).toHaveValue('Who made the atoms map', { timeout: 5000 });
  await saveShot(a, 'sections-a-note-en');

  await expect
    .poll(async () => (await section(a.request, 'editors_note')).title, { timeout: 5000 })
    .toEqual({ en: 'Who made the atoms map' });
  await a.reload();
  await expect(a.getByTestId('editor-canvas')).toBeVisible();
  const again = await openPanel(a, 'editorsNote', 'editors-note-panel');
  await again.getByTestId('section-lang-en').click();
  await expect(again.getByTestId('note-title')).toHaveValue('Who made the atoms map');
  await expect(again.getByTestId('note-member-0-name')).toHaveValue('Ada Lovelace');
  await expect(again.getByTestId('note-shown')).toBeChecked();
  expect(await section(a.request, 'editors_note')).toMatchObject({
    shown: true,
    label: { en: 'About this map' },
    text: { en: expect.stringContaining('what matter is made of') },
    team_members: [{ name: 'Ada Lovelace', description: { en: 'Wrote the texts.' } }],
  });

  // A draft that cannot be saved is not dropped silently: closing the panel asks first.
  await type(again.getByTestId('note-title'), 'y'.repeat(201));
  await again.getByRole('button', { name: 'Close' }).click();
  const ask = a.getByTestId('confirm-dialog');
  await expect(ask).toContainText('This panel has changes that are not saved');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(again.getByTestId('note-title')).toHaveValue('y'.repeat(201));
  await again.getByRole('button', { name: 'Close' }).click();
  await a.getByTestId('confirm-dialog').getByRole('button', { name: 'Discard and leave' }).click();
  await expect(again).toBeHidden();
  const reopened = await openPanel(a, 'editorsNote', 'editors-note-panel');
  await reopened.getByTestId('section-lang-en').click();
  await expect(reopened.getByTestId('note-title')).toHaveValue('Who made the atoms map');
  await close();
});

test('glossary: terms per language with alternatives and a definition, searched and kept', async ({ browser }) => {
  const { a, b, close } = await together(browser);
  const panel = await openPanel(a, 'glossary', 'glossary-panel');
  await expect(b.getByTestId('menu-glossary')).toHaveAttribute('data-locked-by', /.+/);
  await panel.getByTestId('section-lang-en').click();
  for (const [term, alternatives] of [
    ['Atom', 'atoms; atomic'],
    ['Molecule', 'molecules'],
  ]) {
    await panel.getByTestId('glossary-add').click();
    await type(panel.getByTestId('glossary-term'), term);
    await type(panel.getByTestId('glossary-alternatives'), alternatives);
    await panel.getByTestId('glossary-definition').click();
    await a.keyboard.type(`The definition of ${term}.`);
    await panel.getByTestId('glossary-term').click();
  }
  await panel.getByTestId('section-lang-de').click();
  await panel.getByTestId('glossary-term-0').click();
  await type(panel.getByTestId('glossary-term'), 'Atom (de)');
  await panel.getByTestId('section-lang-en').click();
  await panel.getByTestId('glossary-search').fill('molec');
  await expect(panel.getByTestId('glossary-term-1')).toBeVisible();
  await expect(panel.getByTestId('glossary-term-0')).toHaveCount(0);
  await saveShot(a, 'sections-a-glossary-en');

  const other = await openPanel(b, 'glossary', 'glossary-panel');
  await expect(other.getByTestId('sidebar-lock')).toBeVisible();
  await other.getByTestId('section-lang-en').click();
  await expect(other.getByTestId('glossary-term-1')).toContainText('Molecule', { timeout: 5000 });
  await expect
    .poll(async () => (await section(a.request, 'glossary')).terms, { timeout: 5000 })
    .toMatchObject([
      { term: { en: 'Atom', de: 'Atom (de)' }, alternatives: { en: 'atoms; atomic' }, definition: { en: expect.stringContaining('Atom') } },
      { term: { en: 'Molecule' }, alternatives: { en: 'molecules' } },
    ]);
  await close();
});

test('references: added by hand, a refused BibTeX file says why, a good one says what was read and skipped', async ({ browser }) => {
  const { context, page } = await openEditor(browser, 'en-US');
  const panel = await openPanel(page, 'sources', 'references-panel');
  await panel.getByTestId('references-add').click();
  await type(panel.getByTestId('reference-0-key'), 'smith2020');
  await type(panel.getByTestId('reference-0-source'), 'Smith (2020): Atoms.');
  await type(panel.getByTestId('reference-0-link'), 'javascript:alert(1)');
  await expect(panel.getByTestId('reference-0')).toContainText('Enter an http(s) address.');
  await type(panel.getByTestId('reference-0-link'), 'https://example.org/atoms');
  await expect
    .poll(async () => (await section(page.request, 'references')).references, { timeout: 5000 })
    .toEqual([{ key: 'smith2020', source: { en: 'Smith (2020): Atoms.' }, link: 'https://example.org/atoms' }]);

  await panel
    .getByTestId('references-file')
    .setInputFiles({ name: 'notes.bib', mimeType: 'text/plain', buffer: Buffer.from('just some words') });
  await expect(panel.getByTestId('references-import-refused')).toContainText('The file was not imported.');

  const bib = [
    '@article{curie1898, author = {Marie Curie}, title = {On radium}, journal = {Comptes rendus}, year = {1898}, doi = {10.1000/radium}}',
    '@book{smith2020, author = {John Smith}, title = {Atoms again}, year = {2020}}',
  ].join('\n');
  await panel.getByTestId('references-file').setInputFiles({ name: 'refs.bib', mimeType: 'text/plain', buffer: Buffer.from(bib) });
  const report = panel.getByTestId('references-import-report');
  await expect(report).toContainText('1 entry imported');
  await expect(report.getByTestId('references-imported')).toContainText('curie1898');
  await expect(report.getByTestId('references-skipped')).toContainText('a reference with this key exists already.');
  await expect(panel.getByTestId('reference-1-key')).toHaveValue('curie1898', { timeout: 5000 });
  await saveShot(page, 'sections-a-references-en');
  await context.close();
});

test('header bar: colours, heights, logo and links with their targets, checked and kept', async ({ browser }) => {
  const { context, page } = await openEditor(browser, 'en-US');
  const panel = await openPanel(page, 'headerBar', 'header-panel');
  await type(panel.getByTestId('header-background'), '#123456');
  await type(panel.getByTestId('header-font_color'), '#ffffff');
  await type(panel.getByTestId('header-height'), '10');
  await expect(panel.getByRole('alert')).toContainText('Enter a value from 20 to 300.');
  await type(panel.getByTestId('header-height'), '64');
  await type(panel.getByTestId('header-logo_url'), 'https://example.org/logo.png');
  await type(panel.getByTestId('header-logo_link'), 'https://example.org');
  await panel.getByTestId('section-lang-en').click();
  await panel.getByTestId('header-add-floating').click();
  await type(panel.getByTestId('header-floating-0-title'), 'Imprint');
  await type(panel.getByTestId('header-floating-0-url'), 'https://example.org/imprint');
  await panel.getByTestId('header-floating-0-target').selectOption('map_frame');
  await panel.getByTestId('header-add-additional').click();
  await type(panel.getByTestId('header-additional-0-title'), 'Write to us');
  await type(panel.getByTestId('header-additional-0-url'), 'mailto:maps@example.org');
  await saveShot(page, 'sections-a-header-en');
  await expect
    .poll(async () => section(page.request, 'header'), { timeout: 5000 })
    .toMatchObject({
      background: '#123456',
      font_color: '#ffffff',
      height: 64,
      logo_url: 'https://example.org/logo.png',
      floating_links: [{ title: { en: 'Imprint' }, url: 'https://example.org/imprint', target: 'map_frame' }],
      additional_links: [{ title: { en: 'Write to us' }, url: 'mailto:maps@example.org', target: 'new_window' }],
    });
  await page.reload();
  const again = await openPanel(page, 'headerBar', 'header-panel');
  await expect(again.getByTestId('header-height')).toHaveValue('64');
  // Escape closes the panel it was pressed in, and lets go of its lock.
  await again.getByTestId('header-height').press('Escape');
  await expect(again).toHaveCount(0);
  await context.close();
});

for (const locale of ['de-DE', 'fr-FR']) {
  test(`the four panels in ${locale}`, async ({ browser }) => {
    const { context, page } = await openEditor(browser, locale);
    const lang = locale.slice(0, 2);
    for (const [option, testId, name] of [
      ['editorsNote', 'editors-note-panel', 'note'],
      ['glossary', 'glossary-panel', 'glossary'],
      ['sources', 'references-panel', 'references'],
      ['headerBar', 'header-panel', 'header'],
    ]) {
      const panel = await openPanel(page, option, testId);
      await expect(panel.getByText(/Loading|Wird geladen|Chargement/)).toHaveCount(0);
      if (name === 'glossary') await panel.getByTestId('glossary-term-0').click();
      await saveShot(page, `sections-a-${name}-${lang}`);
      await page.getByTestId(`menu-${option}`).click();
      await expect(panel).toHaveCount(0);
    }
    await context.close();
  });
}
