import type { Page } from '@playwright/test';

/** Screenshots for people to look at; the folder can be changed with STRATA_SHOTS_DIR. */
export async function saveShot(page: Page, name: string): Promise<void> {
  const dir = process.env.STRATA_SHOTS_DIR ?? '/tmp/shots';
  // Animations are run to their end, so that a dialog is not caught fading in.
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true, animations: 'disabled' });
}
