import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { addScout, generatePassword } from '../../../../department/admin/scouts.ts';
import { installTls } from '../../../../department/cluster/local-cluster.ts';
import { migrate } from '../../../../department/migrate.ts';
import { createDepartmentPasswords } from '../../../../electron/host/department/passwords.ts';
import { makeCa, makeServerCert, type Pem } from '../../department/certs.ts';
import { start, type TestCluster } from '../../department/cluster.ts';
import { finalReport, hostsPerFile, placesHolding } from './dept-hosts.ts';

/**
 * The transport through the real host's Settings → Department, on a real server with TLS (a certificate
 * made here with openssl for 127.0.0.1 and localhost only): on this computer with the right CA file named
 * the app connects over TLS; with another CA's file, or a CA file that is not there, it is refused before
 * any password is sent. Off this computer (the server also listening on this machine's own non-loopback
 * address) TLS is required whatever the server allows: with no CA file named the server's certificate is
 * not trusted; with the right CA it does not name that address; with TLS off on the server the app does
 * not fall back to the clear. Each refusal is one sentence naming the CA file, and nothing is kept. A
 * certificate renewed by another CA after the set-up stops the sync with the status's sentence until the
 * scout names the new CA file.
 */

/** This machine's first non-loopback IPv4 address (the server is reached there as a remote one would be). */
const OUTSIDE = Object.values(networkInterfaces())
  .flat()
  .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal)?.address;

let certs: string;
let caA: Pem;
let caB: Pem;
let cluster: TestCluster;
let admin: pg.Client;
const password = generatePassword();
const hosts = hostsPerFile('dept-tls');

beforeAll(async () => {
  certs = mkdtempSync(join(tmpdir(), 'rinkside-host-certs-'));
  caA = await makeCa(certs, 'ca-a');
  caB = await makeCa(certs, 'ca-b');
  cluster = await start({ tls: await makeServerCert(certs, caA, 'server') });
  if (OUTSIDE !== undefined) {
    // Listening off loopback too, and letting logins in from there with or without TLS: the rule is the app's.
    appendFileSync(join(cluster.info.dir, 'data', 'pg_hba.conf'), `host all all ${OUTSIDE}/32 scram-sha-256\n`);
    const a = await cluster.adminClient();
    await a.query(`ALTER SYSTEM SET listen_addresses = '127.0.0.1,${OUTSIDE}'`);
    await cluster.restart();
  }
  admin = await cluster.adminClient();
  await migrate(admin);
  await addScout(admin, 'scout_tls', password);
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
  if (certs) rmSync(certs, { recursive: true, force: true });
});

const setupOf = (server: string, caFile: string | null) => ({
  server,
  port: cluster.info.port,
  database: cluster.info.database,
  user: 'scout_tls',
  caFile,
  scoutName: 'Tess L.',
  password,
});

/** What departmentSave answers for `server` and `caFile`: an error's field and sentence, or the transport kept. */
async function saveOn(server: string, caFile: string | null) {
  const h = await hosts.start();
  const r = await h.dispatch('departmentSave', setupOf(server, caFile));
  if (r.ok) return { transport: r.value.transport, h };
  expect(await h.call('departmentSettings')).toMatchObject({ config: null, passwordStored: false });
  return { parameter: 'parameter' in r.error ? r.error.parameter : null, message: r.error.message, h };
}

describe('on this computer, with a CA file named', () => {
  it("is refused with another CA's file, or a CA file that is not there, and keeps nothing", async () => {
    const where = `127.0.0.1:${cluster.info.port}`;
    expect(await saveOn('127.0.0.1', caB.certFile)).toMatchObject({
      parameter: 'caFile',
      message: `Rinkside refused the certificate of the department's server at ${where}: it is not signed by the CA of ${caB.certFile}; nothing was saved.`,
    });
    const missing = join(certs, 'no-such-ca.pem');
    expect(await saveOn('127.0.0.1', missing)).toMatchObject({
      parameter: 'caFile',
      message: `The CA file ${missing} cannot be used: there is no such file; nothing was saved.`,
    });
    expect(await hosts.keyring.keyEntries()).toEqual([]);
  });

  it("connects over TLS with the server's CA, verified, and syncs", async () => {
    const { transport, h } = await saveOn('127.0.0.1', caA.certFile);
    expect(transport).toBe('tls');
    expect(await h.call('departmentSyncNow')).toMatchObject({ state: 'synced', message: null });
    const { rows } = await admin.query(
      `SELECT s.ssl FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE a.usename = 'scout_tls'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.ssl === true)).toBe(true);
  });
});

describe.runIf(OUTSIDE !== undefined)(`off this computer (at ${OUTSIDE})`, () => {
  it('requires TLS with a certificate verified for the address, and never falls back to the clear', async () => {
    const where = `${OUTSIDE}:${cluster.info.port}`;
    expect(await saveOn(OUTSIDE as string, null)).toMatchObject({
      parameter: 'caFile',
      message: `Rinkside refused the certificate of the department's server at ${where}: it is not signed by a CA this computer trusts (no CA file is named); nothing was saved.`,
    });
    // The right CA, but the certificate names 127.0.0.1 and localhost only.
    expect(await saveOn(OUTSIDE as string, caA.certFile)).toMatchObject({
      parameter: 'caFile',
      message: `Rinkside refused the certificate of the department's server at ${where}: it is made out for another name; nothing was saved.`,
    });
    await admin.query('ALTER SYSTEM SET ssl = off');
    await admin.query('SELECT pg_reload_conf()');
    try {
      // The server would take the password in the clear from there; the app does not send it.
      expect(await saveOn(OUTSIDE as string, caA.certFile)).toMatchObject({
        parameter: 'caFile',
        message: `The department's server at ${where} does not offer the TLS Rinkside requires off this computer (The server does not support SSL connections); nothing was saved.`,
      });
    } finally {
      await admin.query('ALTER SYSTEM RESET ssl');
      await admin.query('SELECT pg_reload_conf()');
    }
    expect(await createDepartmentPasswords(hosts.keyring.keyring).read(setupOf(OUTSIDE as string, null))).toBeNull();
  });
});

describe("the server's certificate renewed by another CA after the set-up", () => {
  it("stops the sync with the status's one sentence, until the new CA file is named", async () => {
    const { transport, h } = await saveOn('127.0.0.1', caA.certFile);
    expect(transport).toBe('tls');
    await installTls(cluster.info.dir, await makeServerCert(certs, caB, 'server-b'));
    await cluster.restart();
    await h.call('scoutingReportSave', finalReport(80, 'Cert Player', 'waits for the CA'));
    const where = `127.0.0.1:${cluster.info.port}`;
    const status = await h.call('departmentSyncNow');
    expect(status).toMatchObject({
      state: 'tls',
      openSettings: true,
      message: `Rinkside refused the certificate of the department's server at ${where}: it is not signed by the CA of ${caA.certFile}: check the CA file in Settings → Department.`,
    });
    expect(status.waiting).toBe(1);
    // The new CA named (the password stored is used): the waiting change goes.
    const { password: _typed, ...withoutPassword } = setupOf('127.0.0.1', caB.certFile);
    expect(await h.call('departmentSave', withoutPassword)).toMatchObject({ transport: 'tls' });
    expect(await h.call('departmentSyncNow')).toMatchObject({ state: 'synced', waiting: 0, message: null });
  });
});

describe('the password', () => {
  it('is in no answer, log line or file of any data folder of these tests', async () => {
    expect(hosts.started().length).toBeGreaterThanOrEqual(3);
    expect(await placesHolding(password, hosts.transcript, hosts.started())).toEqual([]);
  });
});
