// The memory of the benchmark's tab: Linux's proportional set size (PSS, shared pages split among
// their sharers) of the tab's renderer process and of Chromium's GPU process (where canvases'
// pixels live), read from /proc; and the page's JS heap from the DevTools protocol.
// performance.measureUserAgentSpecificMemory is not used: it needs a cross-origin-isolated page.
import { readdirSync, readFileSync } from 'node:fs';

function readProc(pid, file) {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

/** The processes below root (children, their children …). */
function descendants(root) {
  const parent = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    // The parent is the fourth field, after the command in parentheses.
    const stat = readProc(name, 'stat');
    const m = /\)\s+\S+\s+(\d+)/.exec(stat);
    if (m) parent.set(Number(name), Number(m[1]));
  }
  const out = [];
  for (const pid of parent.keys()) {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) {
      if (p === root) {
        out.push(pid);
        break;
      }
    }
  }
  return out;
}

function pssMB(pid) {
  const m = /^Pss:\s+(\d+) kB/m.exec(readProc(pid, 'smaps_rollup'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** The tab's memory in MB: its renderer (the largest) plus the GPU process, and the JS heap. */
export async function tabMemory(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  let renderer = 0;
  let gpu = 0;
  // Playwright starts Chromium as a child of this program.
  for (const pid of descendants(process.pid)) {
    const cmd = readProc(pid, 'cmdline');
    if (cmd.includes('--type=renderer')) renderer = Math.max(renderer, pssMB(pid));
    else if (cmd.includes('--type=gpu-process')) gpu += pssMB(pid);
  }
  const round = (v) => Math.round(v);
  return { tabMB: round(renderer + gpu), rendererMB: round(renderer), gpuMB: round(gpu), jsHeapMB: round(heap / 1024 / 1024) };
}
