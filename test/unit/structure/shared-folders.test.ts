import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './import-graph.ts';

/**
 * shared/ keeps its modules in folders, each named for what its modules are: contract/ (the Hockey Data
 * Service's interface and the processes' protocols), bridge/ (the page's operations on the host),
 * query/ (the list-query model and engine), columns/ (the column catalog), domain/ (hockey and scouting
 * rules and the scout's own data), department/ (the department server's feed). Its top holds no module,
 * so a new one goes into the folder of what it is instead of piling up side by side.
 */

const SHARED = 'shared';
const FOLDERS: readonly string[] = ['bridge', 'columns', 'contract', 'department', 'domain', 'query'];

describe(`${SHARED}/'s top`, () => {
  const entries = readdirSync(join(REPO_ROOT, SHARED), { withFileTypes: true });

  it('holds no file, only folders', () => {
    expect(entries.filter((e) => !e.isDirectory()).map((e) => `${SHARED}/${e.name}`)).toEqual([]);
  });

  it(`holds only the folders ${FOLDERS.join(', ')}`, () => {
    const folders = entries.filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.filter((f) => !FOLDERS.includes(f))).toEqual([]);
    expect(folders.sort()).toEqual(FOLDERS);
  });
});
