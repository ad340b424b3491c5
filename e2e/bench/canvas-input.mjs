// The canvas benchmark's scenarios, driven by real input (Playwright's mouse and Ctrl+wheel, which
// Chromium receives as it would from a user), timed by an animation-frame loop in the page:
// - the interval between frames (requestAnimationFrame timestamps): what a user sees, frames the
//   browser dropped included;
// - each frame's work: from its start until a message posted in its first animation callback is
//   handled, which is after the frame's drawing, style, paint and commit on the page's thread.

const CANVAS = '[data-testid="editor-canvas"]';
/** Ctrl+wheel zooms by exp(-deltaY × 0.01) (gestures.ts): ln 8 / 0.01 ≈ 208 pixels of wheel for 8×. */
const PINCH_WHEEL_ZOOM = 0.01;

/** Starts the recorder in the page; samples are taken only while it is recording. */
export async function installRecorder(page) {
  await page.evaluate(() => {
    const rec = { on: false, last: 0, intervals: [], work: [] };
    window.__frames = rec;
    const channel = new MessageChannel();
    let start = 0;
    channel.port1.onmessage = () => {
      if (rec.on) rec.work.push(performance.now() - start);
    };
    const tick = (t) => {
      if (rec.on && rec.last > 0) rec.intervals.push(t - rec.last);
      rec.last = rec.on ? t : 0;
      start = t;
      channel.port2.postMessage(0);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function record(page, run) {
  await page.evaluate(() => {
    Object.assign(window.__frames, { on: true, last: 0, intervals: [], work: [] });
  });
  await run();
  // The frames drawing the last input.
  await page.waitForTimeout(100);
  return page.evaluate(() => {
    const r = window.__frames;
    r.on = false;
    return { intervals: r.intervals, work: r.work };
  });
}

async function canvasBox(page) {
  const box = await page.locator(CANVAS).boundingBox();
  if (!box) throw new Error('no editor canvas');
  return box;
}

/**
 * A point of the canvas (page coordinates) with nothing within 14 pixels but the background: a
 * press there pans instead of picking up a node or an edge. Prefers points near the centre.
 */
async function emptySpot(page) {
  // The view may still be settling (stand-ins drawn scaled): look again a few times.
  for (let i = 0; i < 5; i++) {
    const spot = await findEmptySpot(page);
    if (spot) return spot;
    await page.waitForTimeout(500);
  }
  return null;
}

async function findEmptySpot(page) {
  const spot = await page.evaluate((sel) => {
    const c = document.querySelector(sel);
    const ctx = c.getContext('2d');
    const { width: w, height: h } = c;
    const data = ctx.getImageData(0, 0, w, h).data;
    const bg = [data[0], data[1], data[2]];
    const dpr = w / c.getBoundingClientRect().width;
    const r = Math.ceil(14 * dpr);
    const clear = (x, y) => {
      for (let yy = y - r; yy <= y + r; yy += 2) {
        for (let xx = x - r; xx <= x + r; xx += 2) {
          const i = (yy * w + xx) * 4;
          if (data[i] !== bg[0] || data[i + 1] !== bg[1] || data[i + 2] !== bg[2]) return false;
        }
      }
      return true;
    };
    let best = null;
    for (let y = r; y < h - r; y += 6) {
      for (let x = r; x < w - r; x += 6) {
        const d = Math.hypot(x - w / 2, y - h / 2);
        if ((!best || d < best.d) && clear(x, y)) best = { x: x / dpr, y: y / dpr, d };
      }
    }
    return best;
  }, CANVAS);
  if (!spot) return null;
  const box = await canvasBox(page);
  return { x: box.x + spot.x, y: box.y + spot.y };
}

/**
 * Drags the view back and forth with the middle button (a left drag on empty space draws a
 * selection box) for ms, at about 1,000 pixels a second, from an empty spot where there is one
 * (as a user would choose), else from the middle of the view.
 */
async function pan(page, ms) {
  const box = await canvasBox(page);
  // The middle button pans from anywhere; an empty spot is only what a user would pick.
  const from = (await emptySpot(page)) ?? { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  // Within the canvas whatever the spot: swing left and right by up to 300 pixels.
  const reach = Math.min(300, from.x - box.x - 10, box.x + box.width - from.x - 10);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down({ button: 'middle' });
  const t0 = Date.now();
  let t;
  while ((t = Date.now() - t0) < ms) {
    const phase = (t / 1200) * 2 * Math.PI;
    await page.mouse.move(from.x + reach * Math.sin(phase), from.y + 60 * Math.sin(2 * phase));
  }
  await page.mouse.move(from.x, from.y);
  await page.mouse.up({ button: 'middle' });
  return true;
}

/** Ctrl+wheel about the canvas centre, following a zoom factor over time (ms → log factor). */
async function wheelPath(page, ms, logFactorAt) {
  const box = await canvasBox(page);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.down('Control');
  let sent = 0;
  const t0 = Date.now();
  let t;
  while ((t = Date.now() - t0) < ms) {
    const dy = Math.round(-logFactorAt(t / ms) / PINCH_WHEEL_ZOOM - sent);
    if (dy === 0) {
      await page.waitForTimeout(4);
      continue;
    }
    await page.mouse.wheel(0, dy);
    sent += dy;
  }
  const rest = Math.round(-logFactorAt(1) / PINCH_WHEEL_ZOOM - sent);
  if (rest !== 0) await page.mouse.wheel(0, rest);
  await page.keyboard.up('Control');
}

const LN8 = Math.log(8);

/**
 * The four scenarios from the whole map: pans there, zooms there (in to 8× and out again), then
 * at 8× pans and zooms (out to 4×, in to 16×, back to 8×). Answers samples per scenario; `only`
 * (a part of their names) leaves the others out.
 */
export async function runScenarios(page, ms = 3000, only = '') {
  const out = {};
  const run = async (name, fn) => {
    if (name.includes(only)) out[name] = await record(page, fn);
  };
  await run('pan, whole map', () => pan(page, ms));
  await run('zoom, whole map', () => wheelPath(page, ms, (u) => LN8 * Math.sin(Math.PI * u)));
  // To 8× (not timed), settled.
  await wheelPath(page, 800, (u) => LN8 * u);
  await page.waitForTimeout(600);
  await run('pan, 8×', () => pan(page, ms));
  await run('zoom, 8×', () => wheelPath(page, ms, (u) => Math.log(2) * Math.sin(2 * Math.PI * u)));
  // Back to the whole map for the next run.
  await wheelPath(page, 400, (u) => -LN8 * u);
  return out;
}
