// What an axe-core audit found in the editor (issue 29): the presence avatar's initials below
// 4.5:1, the rich-text toolbar's "1." button named other than what it shows, links inside text
// told apart by colour alone. Each rule is checked where the audit found it, in two editors'
// view (so that another's avatar is drawn) with the content form open.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { addNode, together } from './editing';

test('the editor with the content form open passes the audit’s rules', async ({ browser }) => {
  const { a, close } = await together(browser, { viewport: { width: 1400, height: 900 } });
  try {
    await addNode(a, 300, 330);
    await a.getByTestId('menu-contentForm').click();
    const form = a.getByTestId('content-form');
    await expect(form).toBeVisible();
    // A link inside the text, as an author writes one.
    const text = form.locator('[contenteditable="true"]').first();
    await text.click();
    await a.keyboard.type('See the harbour records online for the dates.');
    await expect(a.getByTestId('presence-avatar').first()).toBeVisible();

    const results = await new AxeBuilder({ page: a })
      .include('[data-testid="editor"]')
      .withRules(['color-contrast', 'label-content-name-mismatch', 'button-name', 'link-in-text-block', 'link-name'])
      .analyze();
    const found = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(found).toEqual([]);
  } finally {
    await close();
  }
});
