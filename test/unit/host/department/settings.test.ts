import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../../department/cluster/local-cluster.ts';
import { SETTINGS_FILE } from '../../../../electron/host/common/settings.ts';
import { departmentScope } from '../../../../electron/host/department/passwords.ts';
import { accountFor } from '../../../../electron/host/keys/saved-keys.ts';
import { SCHEMA_VERSION } from '../../../../shared/department/schema.ts';
import { departmentPerFile, SCOUT_A } from '../../department/department.ts';
import { hostsPerFile } from './dept-hosts.ts';

/**
 * Settings → Department through the real host: a set-up is tried on a real server before anything is kept,
 * and each refusal is one sentence naming the field to fix (a wrong password, a server that cannot be
 * reached, a login that is no scout or a superuser, a server of a newer schema): nothing is written then.
 * Once it works the set-up is in settings.json without the password, the password is in the OS keychain
 * only, bound to server, port, database and login, and no answer of the bridge carries it.
 */

const dep = departmentPerFile();
const hosts = hostsPerFile('dept-settings');

const setupOf = (user: string, more: Record<string, unknown> = {}) => ({
  server: dep.cluster.info.host,
  port: dep.cluster.info.port,
  database: dep.cluster.info.database,
  user,
  caFile: null,
  scoutName: 'Anna Berg',
  ...more,
});

describe('a set-up is tried before it is kept', () => {
  it('answers each refusal in one sentence naming the field, and keeps nothing', async () => {
    const h = await hosts.start();
    const where = `${dep.cluster.info.host}:${dep.cluster.info.port}`;
    const closed = await freePort();
    await dep.admin.query(`CREATE ROLE not_a_scout LOGIN PASSWORD 'not-a-scout-pw-1'`);
    // A scout in every other way, but the server's row-level security would not bind it.
    await dep.admin.query(`CREATE ROLE bypasser LOGIN BYPASSRLS PASSWORD 'bypasser-pw-1' IN ROLE rinkside_scout`);
    const cases: [string, Record<string, unknown>, string, string][] = [
      [
        'a wrong password',
        setupOf(SCOUT_A, { password: 'not-the-password-123' }),
        'password',
        `The department's server at ${where} refused the password of scout_a; nothing was saved.`,
      ],
      [
        'a server that is not there',
        setupOf(SCOUT_A, { port: closed, password: dep.passwords[SCOUT_A] }),
        'server',
        `The department's server at 127.0.0.1:${closed} cannot be reached (ECONNREFUSED); nothing was saved.`,
      ],
      [
        'a superuser',
        setupOf(dep.cluster.info.admin, { password: dep.cluster.adminPassword }),
        'user',
        "Rinkside does not sync as admin: it is a superuser, so the server's rules would not bind it. Ask the department's admin for a scout login (npm run department -- add-scout). Nothing was saved.",
      ],
      [
        'a scout that bypasses row-level security',
        setupOf('bypasser', { password: 'bypasser-pw-1' }),
        'user',
        "Rinkside does not sync as bypasser: it is a role that bypasses row-level security, so the server's rules would not bind it. Ask the department's admin for a scout login (npm run department -- add-scout). Nothing was saved.",
      ],
      [
        'a login that is no scout',
        setupOf('not_a_scout', { password: 'not-a-scout-pw-1' }),
        'user',
        "not_a_scout is not a scout of this department (not a member of rinkside_scout). Ask the department's admin to add it (npm run department -- add-scout). Nothing was saved.",
      ],
      [
        'a database that is not there',
        setupOf(SCOUT_A, { database: 'nope', password: dep.passwords[SCOUT_A] }),
        'database',
        `The department's server at ${where} has no database "nope"; nothing was saved.`,
      ],
    ];
    for (const [what, args, parameter, message] of cases) {
      const r = await h.dispatch('departmentSave', args);
      expect(r, what).toEqual({ ok: false, error: { kind: 'bad-request', status: 400, parameter, message } });
    }
    expect(await h.call('departmentSettings')).toMatchObject({ config: null, passwordStored: false });
    expect(await hosts.keyring.keyEntries()).toEqual([]);
    expect(h.host.settings.get().department).toBeUndefined();
  });

  it('refuses a server whose schema is newer than this Rinkside knows, with the plain sentence', async () => {
    const h = await hosts.start();
    await dep.admin.query(
      `INSERT INTO rinkside.schema_migrations (version, name) VALUES ($1, 'from a newer Rinkside')`,
      [SCHEMA_VERSION + 1],
    );
    try {
      const r = await h.dispatch('departmentSave', setupOf(SCOUT_A, { password: dep.passwords[SCOUT_A] }));
      expect(r).toEqual({
        ok: false,
        error: {
          kind: 'bad-request',
          status: 400,
          parameter: 'server',
          message: `The department's server was set up by a newer Rinkside (schema ${SCHEMA_VERSION + 1}; this one knows up to ${SCHEMA_VERSION}). Sync is paused; everything works on this computer. Nothing was saved.`,
        },
      });
    } finally {
      await dep.admin.query('DELETE FROM rinkside.schema_migrations WHERE version = $1', [SCHEMA_VERSION + 1]);
    }
  });
});

describe('a set-up the bridge refuses before trying it', () => {
  it('names the field in its error and never quotes the password', async () => {
    const h = await hosts.start();
    const password = 'Quote-Me-Not-4711';
    const cases: [string, Record<string, unknown>, string][] = [
      ['a password too long', setupOf(SCOUT_A, { password: password.repeat(70) }), 'password'],
      ['a password with a NUL', setupOf(SCOUT_A, { password: `${password}\u0000` }), 'password'],
      ['an empty password', setupOf(SCOUT_A, { password: '' }), 'password'],
      ['a password that is no text', setupOf(SCOUT_A, { password: { secret: password } }), 'password'],
      ['a bad port beside a good password', setupOf(SCOUT_A, { port: 0, password }), 'port'],
      ['a server with a space', setupOf(SCOUT_A, { server: 'db .example', password }), 'server'],
      ['a relative CA file', setupOf(SCOUT_A, { caFile: 'ca.pem', password }), 'caFile'],
      ['an unknown field', setupOf(SCOUT_A, { password, sslmode: 'disable' }), 'sslmode'],
    ];
    for (const [what, args, parameter] of cases) {
      const r = await h.dispatch('departmentSave', args);
      expect(r.ok, what).toBe(false);
      if (r.ok) continue;
      expect(r.error.kind, what).toBe('bad-request');
      expect(r.error.message, what).toContain(parameter);
      expect(JSON.stringify(r), what).not.toContain(password);
    }
    expect(h.log.join('\n')).not.toContain(password);
    expect(await hosts.keyring.keyEntries()).toEqual([]);
  });
});

describe('a set-up that works', () => {
  it('is kept in the settings without its password, the password in the keychain bound to it, and syncs', async () => {
    const h = await hosts.start();
    const password = dep.passwords[SCOUT_A] as string;
    await h.call('scoutingReportSave', {
      playerId: 31,
      player: { name: 'Kept Before', position: 'D', dateOfBirth: '2007-01-02' },
      gameDate: '2026-01-03',
      homeTeam: 'Owls',
      awayTeam: 'Hawks',
      league: 'OHL',
      score: '',
      positionPlayed: 'D',
      kind: 'skater',
      grades: { skating: 6 },
      projection: null,
      strengths: '',
      weaknesses: '',
      notes: 'made before the department',
      status: 'final',
    });
    const saved = await h.call('departmentSave', setupOf(SCOUT_A, { password }));
    expect(saved).toEqual({
      config: setupOf(SCOUT_A),
      passwordStored: true,
      keychainAvailable: true,
      transport: 'plain',
      director: false,
      configured: { startedOver: false, queued: 1, unqueued: [] },
    });
    const file = JSON.parse(await readFile(join(h.dir, SETTINGS_FILE), 'utf8'));
    expect(file.department).toEqual(setupOf(SCOUT_A));
    // One keychain entry: the password bound to its server, port, database and login.
    const scope = departmentScope(setupOf(SCOUT_A));
    expect(scope).toBe(`postgresql://scout_a@127.0.0.1:${dep.cluster.info.port}/rinkside`);
    expect(await hosts.keyring.keyEntries()).toEqual([
      { account: accountFor(scope, 'department'), password: JSON.stringify({ scope, key: password }) },
    ]);

    // The set-up's first round (at once) or this one sent it.
    const status = await h.call('departmentSyncNow');
    expect(status).toMatchObject({
      state: 'synced',
      message: null,
      server: `127.0.0.1:${dep.cluster.info.port}`,
      database: 'rinkside',
      user: SCOUT_A,
      waiting: 0,
      refused: [],
      conflicts: 0,
    });
    const onServer = await dep.admin.query("SELECT body->>'notes' AS notes FROM rinkside.reports WHERE owner = $1", [
      SCOUT_A,
    ]);
    expect(onServer.rows).toEqual([{ notes: 'made before the department' }]);

    // The scout's name alone changes without the password typed again: the stored one is used.
    const renamed = await h.call('departmentSave', setupOf(SCOUT_A, { scoutName: 'Anna B.' }));
    expect(renamed).toMatchObject({ config: { scoutName: 'Anna B.' }, configured: { queued: 0, startedOver: false } });
    // Another login never gets it.
    const other = await h.dispatch('departmentSave', setupOf('scout_b'));
    expect(other).toEqual({
      ok: false,
      error: {
        kind: 'bad-request',
        status: 400,
        parameter: 'password',
        message: `Enter the password of scout_b for 127.0.0.1:${dep.cluster.info.port}; nothing was saved.`,
      },
    });

    expect(await h.call('departmentForget')).toMatchObject({ config: null, passwordStored: false });
    expect(await hosts.keyring.keyEntries()).toEqual([]);
    expect(JSON.parse(await readFile(join(h.dir, SETTINGS_FILE), 'utf8')).department).toBeNull();
    expect(await h.call('departmentStatus')).toMatchObject({ state: 'off', server: null, message: null });

    // The password is in no answer, no log line, no settings file.
    const everything = [...hosts.transcript, ...h.log, await readFile(join(h.dir, SETTINGS_FILE), 'utf8')].join('\n');
    expect(everything.length).toBeGreaterThan(1000);
    expect(everything.includes(password)).toBe(false);
  });
});
