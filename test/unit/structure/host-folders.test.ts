import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './import-graph.ts';

/**
 * electron/host keeps its parts in folders (service-client/, keys/, shell/, embedded/, export/, offline/,
 * lists/, bridge/, common/, see electron/README.md); its top holds the composition root, app.ts, and at most
 * a few more files, so a new module goes into the folder of its part instead of piling up beside app.ts.
 */

const HOST = 'electron/host';
const MAX_FILES_AT_TOP = 3;

describe(`${HOST}'s top`, () => {
  it(`holds at most ${MAX_FILES_AT_TOP} files, the composition root among them`, () => {
    const files = readdirSync(join(REPO_ROOT, HOST), { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name)
      .sort();
    expect(files).toContain('app.ts');
    expect(files.length, `${HOST}/ holds ${files.join(', ')}`).toBeLessThanOrEqual(MAX_FILES_AT_TOP);
  });
});
