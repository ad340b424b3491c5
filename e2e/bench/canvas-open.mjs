// Opening a map in the browser, timed: the editor signed in, and the published map signed out.
import { median } from './canvas-stats.mjs';

/**
 * Opens the editor. Answers ms from navigation start to the first frame that shows the map, to
 * the first with nothing standing in, and to "interactive": that frame drawn and the main thread
 * free (the end of the last long task that began before the first frame or within a second after).
 */
export async function open(page, path) {
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.startTime + e.duration]);
    }).observe({ type: 'longtask' });
  });
  await page.goto(path);
  const mark = async (name) =>
    (await page.waitForFunction((n) => performance.getEntriesByName(n)[0]?.startTime, name, { timeout: 120_000, polling: 20 })).jsonValue();
  const firstFrame = await mark('strata:first-map-frame');
  const settled = await mark('strata:map-settled');
  await page.waitForTimeout(1200);
  const tasks = await page.evaluate(() => window.__longTasks);
  let interactive = firstFrame;
  for (const [start, end] of tasks) if (start < firstFrame + 1000) interactive = Math.max(interactive, end);
  const timing = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource');
    const doc = resources.find((r) => /\/api\/v1\/maps\/\d+$/.test(r.name));
    const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
    return {
      docStart: doc?.requestStart ?? null,
      docEnd: doc?.responseEnd ?? null,
      // The last script of the app to arrive, the document parsed, the scene built from it.
      scriptsEnd: Math.max(0, ...resources.filter((r) => r.initiatorType === 'script').map((r) => r.responseEnd)),
      docRead: at('strata:document-read'),
      sceneBuilt: at('strata:scene-built'),
    };
  });
  return { firstFrame, settled, interactive, ...timing };
}

/**
 * Publishes the map at /m/bench (readable by anyone) and opens it signed out `runs` times in
 * fresh contexts (issue 9's bar: interactive ≤ 1.5 s). Answers medians and every run's figure.
 */
export async function publicOpens(browser, base, call, mapId, runs, viewport) {
  await call('PATCH', `/maps/${mapId}/publication`, {
    url: 'bench',
    access_mode: 'accessible',
  });
  await call('PATCH', `/maps/${mapId}/live`, { live: true });
  await call('POST', `/maps/${mapId}/publish`, {});
  const got = [];
  for (let run = 0; run < runs; run++) {
    const reader = await browser.newContext({ viewport, baseURL: base });
    got.push(await open(await reader.newPage(), '/m/bench'));
    await reader.close();
  }
  return {
    firstFrame: median(got.map((o) => o.firstFrame)),
    settled: median(got.map((o) => o.settled)),
    interactive: median(got.map((o) => o.interactive)),
    runs: got.map((o) => o.interactive),
  };
}
