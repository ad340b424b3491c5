// Two editors on one map while the server goes away and comes back: its own server process (not
// the suite's), killed without warning and started again on the same data.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { addNode, center, dragNode, nodeIds, openEditor, together } from './editing';

const bin = resolve(process.env.STRATA_BIN ?? '../bin/strata');
// Away from the suite's own port (18181 + pid % 2000).
const addr = `127.0.0.1:${22300 + (process.pid % 1000)}`;
const baseURL = `http://${addr}`;

async function start(dir: string): Promise<ChildProcess> {
  const proc = spawn(bin, ['serve', '--addr', addr, '--data-dir', dir, '--public-url', baseURL, '--log-level', 'warn'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${baseURL}/healthz`)).ok;
        } catch {
          return false;
        }
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return proc;
}

function kill(proc: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (proc.exitCode !== null) {
      done();
      return;
    }
    proc.once('exit', () => {
      done();
    });
    proc.kill('SIGKILL');
  });
}

// The suite's requests carry the suite server's Origin (playwright.config.ts); this server has its own.
test.use({ extraHTTPHeaders: { Origin: baseURL } });

test.describe('the server restarts under two editors', () => {
  let dir = '';
  let server: ChildProcess | null = null;

  test.beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'strata-e2e-restart-'));
    execFileSync(bin, ['demo', '--data-dir', dir, '--log-level', 'warn']);
  });

  test.afterAll(async () => {
    if (server) await kill(server);
    rmSync(dir, { recursive: true, force: true });
  });

  test('both reconnect, a move made meanwhile is saved, and nothing is lost', async ({ browser }) => {
    test.setTimeout(60_000);
    server = await start(dir);
    const { a, b, close } = await together(browser, { baseURL });
    const id = await addNode(a, 200, 200);
    await expect.poll(async () => (await nodeIds(b)).includes(id)).toBe(true);
    await a.keyboard.press('Escape');

    await kill(server);
    server = null;
    await expect(a.getByTestId('offline-banner')).toBeVisible({ timeout: 10_000 });
    await expect(b.getByTestId('offline-banner')).toBeVisible({ timeout: 10_000 });

    // While the server is away: the move shows at once and waits to be saved.
    const before = await center(a, id);
    if (!before) throw new Error('the node is not on the canvas');
    await dragNode(a, id, 90, 50);
    await expect.poll(async () => (await center(a, id))?.x ?? 0).toBeGreaterThan(before.x + 20);
    const moved = await center(a, id);

    server = await start(dir);
    await expect(a.getByTestId('offline-banner')).toBeHidden({ timeout: 20_000 });
    await expect(b.getByTestId('offline-banner')).toBeHidden({ timeout: 20_000 });
    // The other editor gets the move once it is saved.
    await expect.poll(() => center(b, id), { timeout: 10_000 }).toEqual(moved);
    await expect(a.getByTestId('toast-error')).toHaveCount(0);

    // Live editing goes on: a node added in the second browser shows in the first.
    const added = await addNode(b, 520, 260);
    await expect.poll(async () => (await nodeIds(a)).includes(added), { timeout: 5_000 }).toBe(true);

    // And all of it was stored.
    await close();
    const again = await openEditor(browser, 'editor', { baseURL });
    await expect.poll(() => center(again.page, id)).toEqual(moved);
    expect(await nodeIds(again.page)).toContain(added);
    await again.context.close();
  });
});
