// A CPU profile of the page while the scenarios run (the DevTools protocol's sampling profiler):
// written to a .cpuprofile file (DevTools opens it) and summed by function, by self time.
import { writeFileSync } from 'node:fs';

export async function startProfile(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return async (file) => {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    return topFunctions(profile, 25);
  };
}

/** The functions that took the most self time, with their share of the samples. */
function topFunctions(profile, count) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const hits = new Map();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const self = new Map();
  for (const [id, n] of hits) {
    const f = byId.get(id).callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + n);
  }
  const total = profile.samples.length;
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([k, n]) => `${((100 * n) / total).toFixed(1).padStart(5)}%  ${k}`);
}
