import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * A free loopback port, picked once in the runner process; workers inherit it through the
 * environment so every process agrees on the base URL.
 */
function freePort(): string {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script]).toString().trim();
}
process.env.E2E_PORT ??= freePort();
process.env.E2E_STRIPE_PORT ??= freePort();
process.env.E2E_STRIPE_EMULATOR_PORT ??= freePort();
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;
/** A second shop with Stripe as its payment provider, against localstripe (stripe.spec.ts). */
const stripePort = process.env.E2E_STRIPE_PORT;
const stripeURL = `http://127.0.0.1:${stripePort}`;
const STRIPE_SPEC = /stripe\.spec\.ts$/;
/**
 * The first shop's data folder (start-server.sh makes it its SHOP_DATA_DIR): without
 * SHOP_SMTP_URL the shop writes each mail as an .eml file in its mail/ folder, where
 * password-reset.spec.ts reads them. Made once, in the runner; workers inherit the path, as they
 * do the ports. The server removes it when it stops.
 */
process.env.E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), 'shop-e2e-mail.'));
const mailDir = process.env.E2E_MAIL_DIR;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    channel: undefined,
    launchOptions: {
      // Debian's chromium: Playwright's own browser download is not possible offline.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  },
  projects: [
    { name: 'chromium', testIgnore: STRIPE_SPEC },
    { name: 'stripe', testMatch: STRIPE_SPEC, use: { baseURL: stripeURL } },
  ],
  webServer: [
    {
      command: 'bash ./start-server.sh',
      url: `${baseURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { E2E_PORT: port, E2E_MAIL_DIR: mailDir },
      // SIGTERM (not SIGKILL), so that start-server.sh removes its folders on the way out.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    {
      command: 'bash ./start-stripe-server.sh',
      url: `${stripeURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { E2E_STRIPE_PORT: stripePort, E2E_STRIPE_EMULATOR_PORT: process.env.E2E_STRIPE_EMULATOR_PORT },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
  ],
});
