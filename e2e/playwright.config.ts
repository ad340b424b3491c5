import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = fileURLToPath(new URL('.', import.meta.url));
const bin = resolve(here, process.env.STRATA_BIN ?? '../bin/strata');
// A port of its own per run (workers inherit it through the env), so that runs side by side
// on one machine do not meet; STRATA_E2E_ADDR chooses one.
process.env.STRATA_E2E_ADDR ??= `127.0.0.1:${18181 + (process.pid % 2000)}`;
const addr = process.env.STRATA_E2E_ADDR;
const baseURL = `http://${addr}`;

// The server's data directory, known to the tests so that they can read the mail outbox
// (<data dir>/outbox/*.eml). Made once in the runner; the workers inherit it through the env.
process.env.STRATA_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'strata-e2e-'));
const dataDir = process.env.STRATA_E2E_DATA_DIR;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      // Without the networking flags Chromium keeps trying to reach hosts this machine cannot reach.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1280, height: 800 },
    // The API refuses cookie-carrying writes without Origin, as every browser sends it with a
    // POST/PATCH/DELETE; the tests' page.request calls are not browser fetches and would not.
    extraHTTPHeaders: { Origin: baseURL },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    // A fresh demo data directory on every run, so tests never see an earlier run's state.
    command: 'sh ./serve-fresh.sh',
    cwd: here,
    env: { STRATA_BIN: bin, STRATA_E2E_ADDR: addr, STRATA_E2E_DATA_DIR: dataDir },
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
