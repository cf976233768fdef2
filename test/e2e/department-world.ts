import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { addScout, generatePassword } from '../../department/admin/scouts.ts';
import { freePort } from '../../department/cluster/local-cluster.ts';
import { migrate } from '../../department/migrate.ts';
import { start, type TestCluster } from '../unit/department/cluster.ts';
import { env, expect } from './fixtures.ts';
import { stopOwnApp } from './own-app.ts';
import { bridge } from './scouting.ts';

/**
 * A scouting department for the e2e tests: a real throwaway PostgreSQL (test/unit/department/cluster.ts),
 * migrated and with its scouts added as the admin command does, and browser-shell apps of their own, one
 * data folder each (one laptop each), on the ports the caller names. Every app's output is kept, so a test
 * can check that no password ever reached a log. The scouts connect through Settings → Department as a
 * scout does.
 */

/** A login of the department: its role, password (made per run) and the name shown on its reports. */
export interface Login {
  user: string;
  password: string;
  scoutName: string;
  director: boolean;
}

/** A running department: its server, its logins by role, and the passwords to look for in outputs. */
export interface Department {
  cluster: TestCluster;
  logins: Record<string, Login>;
  /** Every password of the run (and `wrong`: one typed by mistake), never to be seen anywhere. */
  secrets(): string[];
  stop(): Promise<void>;
}

/** A wrong password, typed once to see the refusal; it must not show either. */
export const WRONG_PASSWORD = `wrong-${generatePassword()}`;

/** Starts a server, migrates it and adds `logins` (role → name on reports, director or not). */
export async function startDepartmentServer(
  logins: readonly { user: string; scoutName: string; director?: boolean }[],
): Promise<Department> {
  const cluster = await start();
  const admin = await cluster.adminClient();
  await migrate(admin);
  const out: Record<string, Login> = {};
  for (const l of logins) {
    const password = generatePassword();
    await addScout(admin, l.user, password, l.director ?? false);
    out[l.user] = { user: l.user, password, scoutName: l.scoutName, director: l.director ?? false };
  }
  await admin.end();
  return {
    cluster,
    logins: out,
    secrets: () => [...Object.values(out).map((l) => l.password), WRONG_PASSWORD, cluster.adminPassword],
    stop: () => cluster.stop(),
  };
}

/** Ports this worker has handed to its laptops: laptops started at once never get the same one. */
const handedOut = new Set<number>();
async function unusedPort(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/** One laptop: an app of its own with its data folder, its address, and everything it printed. */
export interface Laptop {
  proc: ChildProcess;
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts a browser-shell app with a fresh data folder, on the run's demo database, on a port the system
 * hands out: specs that run side by side (two workers) never meet on one.
 */
export async function startLaptop(): Promise<Laptop> {
  const port = await unusedPort();
  const db = join(env.demo.dataDir, 'demo.sqlite');
  if (!existsSync(db)) throw new Error('the demo instance has not seeded its database');
  const dataDir = mkdtempSync(join(tmpdir(), 'rinkside-e2e-dept-'));
  const proc = spawn(
    process.execPath,
    ['scripts/start.js', '--browser', '--no-open', '--port', String(port), '--data-dir', dataDir, '--db', db],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let text = '';
  proc.stderr?.on('data', (c: Buffer) => {
    text += c.toString('utf8');
  });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    proc.stdout?.on('data', (c: Buffer) => {
      const s = c.toString('utf8');
      text += s;
      seen += s;
      const m = seen.match(/Rinkside: (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (m) resolve(m[1] as string);
    });
    proc.once('exit', (code) => reject(new Error(`the app on port ${port} ended (${code}) before its address`)));
  });
  return {
    proc,
    url,
    dataDir,
    output: () => text,
    async stop() {
      await stopOwnApp({ proc });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The text of every file under `dir` (binary files as latin1, so any ASCII secret inside shows). */
export function filesText(dir: string): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = statSync(path, { throwIfNoEntry: false });
    if (!st) continue;
    if (st.isDirectory()) out.push(...filesText(path));
    else if (st.isFile()) out.push({ path, text: readFileSync(path).toString('latin1') });
  }
  return out;
}

/** The Department card of Settings. */
export const departmentCard = (page: Page) => page.getByRole('region', { name: 'Department', exact: true });

/**
 * Sets the department up through Settings → Department as the scout does: server, port, database, user,
 * his name and the password, then "Test and save". `password` defaults to the login's own.
 */
export async function fillDepartment(page: Page, dep: Department, login: Login, password = login.password) {
  const card = departmentCard(page);
  await card.getByRole('textbox', { name: 'Server', exact: true }).fill(dep.cluster.info.host);
  await card.getByRole('textbox', { name: 'Port', exact: true }).fill(String(dep.cluster.info.port));
  await card.getByRole('textbox', { name: 'Database', exact: true }).fill(dep.cluster.info.database);
  await card.getByRole('textbox', { name: 'User', exact: true }).fill(login.user);
  await card.getByRole('textbox', { name: 'Your name on reports', exact: true }).fill(login.scoutName);
  await card.getByLabel('Password', { exact: true }).fill(password);
  await card.getByRole('button', { name: 'Test and save' }).click();
}

/** Opens Settings at its Department card and sets `login` up; waits until it is tried and kept. */
export async function connect(page: Page, url: string, dep: Department, login: Login): Promise<void> {
  await page.goto(`${url}#/settings`);
  await fillDepartment(page, dep, login);
  const card = departmentCard(page);
  await expect(card.getByText('Connected and saved')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText(`${login.user}, ${login.director ? 'director' : 'scout'}`)).toBeVisible();
  // The password box is empty again: the password went to the keychain and is never shown back.
  await expect(card.getByLabel('Password', { exact: true })).toHaveValue('');
}

/** The top bar's department status button. */
export const statusButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Department: / });

/**
 * "Sync now" from the top bar's status menu; waits until a whole round made after every change before it has
 * ended and the status says synced, then closes the menu. The menu alone cannot say so: right after the
 * click the button is still enabled and the status still reads "Synced" from the round before (the click's
 * round is drawn a tick later), and a round already running when the click came ends first. The host's own
 * `departmentSyncNow` answers after a round that started after it was asked.
 */
export async function syncNow(page: Page): Promise<void> {
  const button = statusButton(page);
  await button.click();
  const menu = page.getByRole('dialog', { name: 'Department sync' });
  await menu.getByRole('button', { name: 'Sync now' }).click();
  await bridge(page, 'departmentSyncNow', {});
  await expect(menu.getByRole('button', { name: 'Sync now' })).toBeEnabled({ timeout: 30_000 });
  await expect(button).toHaveAccessibleName(/^Department: Synced/);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}
