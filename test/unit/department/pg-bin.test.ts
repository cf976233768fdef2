import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgBinDir } from '../../../department/cluster/pg-bin.ts';

/** Where the harness and `npm run department -- start` find initdb and pg_ctl: on folders made here. */

let root: string;
const withInitdb = (dir: string) => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'initdb'), '#!/bin/sh\n');
  chmodSync(join(dir, 'initdb'), 0o755);
  return dir;
};
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rinkside-pgbin-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('pgBinDir', () => {
  it("picks the newest of Debian's majors by number (16 over 9), skipping one without initdb", () => {
    const debian = join(root, 'postgresql');
    withInitdb(join(debian, '9', 'bin'));
    withInitdb(join(debian, '16', 'bin'));
    withInitdb(join(debian, '15', 'bin'));
    mkdirSync(join(debian, '17', 'bin'), { recursive: true });
    expect(pgBinDir({}, debian)).toBe(join(debian, '16', 'bin'));
  });

  it('takes RINKSIDE_PG_BIN first, else a folder of PATH with initdb, else says how to install them', () => {
    const own = withInitdb(join(root, 'own'));
    const onPath = withInitdb(join(root, 'path-bin'));
    const debian = withInitdb(join(root, 'postgresql', '15', 'bin'));
    expect(pgBinDir({ RINKSIDE_PG_BIN: own }, join(root, 'postgresql'))).toBe(own);
    expect(() => pgBinDir({ RINKSIDE_PG_BIN: join(root, 'nothing') })).toThrow('has no initdb');
    expect(pgBinDir({ PATH: `/nonexistent:${onPath}` }, join(root, 'absent'))).toBe(onPath);
    expect(() => pgBinDir({ PATH: '/nonexistent' }, join(root, 'absent'))).toThrow(
      "PostgreSQL's server programs (initdb, pg_ctl) were not found",
    );
    expect(debian).toContain('15');
  });
});
