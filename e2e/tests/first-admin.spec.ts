import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, mainNav, submitSignIn } from './helpers';

// A fresh start with no SHOP_ADMIN_EMAIL (what `make run` does on a new checkout) creates the
// first admin and hands its password to the operator; that admin signs in through the form.
// Each test starts its own server on its own empty database, apart from the suite's server.

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = process.env.SHOP_BIN ?? join(root, 'target/debug/shop');
const DEFAULT_ADMIN = 'admin@shop.localhost';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Shop {
  baseURL: string;
  dataDir: string;
  /** Everything the process wrote so far (stdout and stderr, or the terminal). */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * `shop serve` on a free loopback port with a new SQLite file and data folder, and without
 * SHOP_ADMIN_EMAIL / SHOP_ADMIN_PASSWORD. With `terminal`, its stderr is a terminal (util-linux
 * `script` gives it one), as under `make run` in a shell; otherwise plain pipes, as under a
 * service manager.
 */
async function startShop(terminal: boolean): Promise<Shop> {
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-first-admin-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: `sqlite://${dataDir}/shop.db`,
    SHOP_ADDR: `127.0.0.1:${port}`,
    SHOP_DATA_DIR: dataDir,
    SHOP_FRONTEND_DIR: join(root, 'frontend/dist'),
    JWT_SECRET: 'first-admin-secret-0123456789abcdef0123456789',
    SHOP_METRICS_ADDR: '127.0.0.1:0',
    SHOP_WORKERS: '1',
    RUST_LOG: 'warn',
    NO_COLOR: '1',
  };
  delete env.SHOP_ADMIN_EMAIL;
  delete env.SHOP_ADMIN_PASSWORD;

  // Its own process group, so stopping it also stops `script`'s child.
  const child: ChildProcess = terminal
    ? spawn('script', ['-qefc', `'${bin}' serve`, '/dev/null'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(bin, ['serve'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`shop serve exited with ${child.exitCode}:\n${output}`);
    }
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`shop serve did not answer /api/health within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseURL, dataDir, output: () => output, stop };
}

/** Signs in through the shop's /user/login form and checks the admin area opens. */
async function signInAsAdminThroughTheForm(page: Page, baseURL: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseURL}/user/login`);
  await submitSignIn(page, email, password);
  await expect(page.getByText('invalid email')).toHaveCount(0);
  await expect(page).toHaveURL(`${baseURL}/products?page=1&pageSize=25`);
  await expect(mainNav(page).getByRole('link', { name: 'Admin' })).toBeVisible();

  await mainNav(page).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(`${baseURL}/admin`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
  // The tiles read the admin-only summary: figures, not "Error".
  for (const name of ['Users', 'Inventory', 'Products', 'Shows']) {
    const tile = page.getByRole('link').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
    await expect(tile).toContainText(/\d/);
  }
  await expect(page.getByText('Error Loading Dashboard')).toHaveCount(0);
  await expectAccessible(page);
}

test('a fresh start prints the first admin on the terminal, and that admin signs in through the form', async ({ page }) => {
  test.setTimeout(90_000);
  const shop = await startShop(true);
  try {
    await expect.poll(shop.output, { message: 'the first admin on the terminal' }).toMatch(/Password:\s+\S+/);
    const email = /First admin:\s+(\S+)/.exec(shop.output())?.[1];
    const password = /Password:\s+(\S+)/.exec(shop.output())?.[1];
    expect(email).toBe(DEFAULT_ADMIN);
    expect(password).toBeTruthy();
    // Shown on the terminal, so no copy is left on disk.
    await expect(readFile(join(shop.dataDir, 'first-admin-password'), 'utf8')).rejects.toThrow(/ENOENT/);

    await signInAsAdminThroughTheForm(page, shop.baseURL, email!, password!);
  } finally {
    await shop.stop();
  }
});

test('without a terminal, the first admin goes to a private file the log names, and that admin signs in', async ({ page }) => {
  test.setTimeout(90_000);
  const shop = await startShop(false);
  try {
    const file = join(shop.dataDir, 'first-admin-password');
    await expect.poll(shop.output, { message: 'the log names the file' }).toContain(file);
    const text = await readFile(file, 'utf8');
    const email = /^email: (\S+)$/m.exec(text)?.[1];
    const password = /^password: (\S+)$/m.exec(text)?.[1];
    expect(email).toBe(DEFAULT_ADMIN);
    expect(password).toBeTruthy();
    expect((await stat(file)).mode & 0o777, 'readable by this user only').toBe(0o600);
    expect(shop.output(), 'the password stays out of the log').not.toContain(password!);

    await signInAsAdminThroughTheForm(page, shop.baseURL, email!, password!);
  } finally {
    await shop.stop();
  }
});
