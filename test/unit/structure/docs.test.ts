import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  diskWorld,
  longLines,
  MAX_LINE,
  markdownFiles,
  missingPaths,
  type PathWorld,
  pathSpans,
  pathWorld,
  problemLine,
  topPaths,
} from './docs.ts';
import { REPO_ROOT } from './import-graph.ts';

/**
 * The Markdown stays true to the tree (docs.ts): a path a document names in backticks exists, so a move or
 * a rename that leaves a README behind fails here with the line to fix; and no line is over 400
 * characters. The second half proves the checks catch what they forbid.
 */

describe('the Markdown', () => {
  const docs = markdownFiles(REPO_ROOT).map((doc) => ({ doc, text: readFileSync(join(REPO_ROOT, doc), 'utf8') }));
  const world = diskWorld(REPO_ROOT);

  it('is read, READMEs and decision records included', () => {
    const names = docs.map((d) => d.doc);
    expect(names).toContain('README.md');
    expect(names).toContain('store/README.md');
    expect(names.some((n) => n.startsWith('docs/decisions/'))).toBe(true);
  });

  it('names only paths that exist', () => {
    expect(docs.flatMap(({ doc, text }) => missingPaths(doc, text, world)).map(problemLine)).toEqual([]);
  });

  it(`has no line over ${MAX_LINE} characters`, () => {
    expect(docs.flatMap(({ doc, text }) => longLines(doc, text)).map(problemLine)).toEqual([]);
  });
});

describe('the checks', () => {
  const folders = ['store', 'electron', 'electron/host', 'renderer', 'renderer/views', 'out'];
  const world: PathWorld = pathWorld([...folders, 'store/index.ts', 'electron/host/app.ts'], (p) =>
    folders.includes(p),
  );

  it('read paths in backticks and leave routes, URLs, placeholders and commands alone', () => {
    expect(
      pathSpans(
        'see `store/index.ts`, `renderer/views/`, `app.ts`, `#/players/stats`, `/teams/{id}`, `views/<view>/`, ' +
          '`npm run build`, `https://x/v1`, `season:min`, `keepWhenSame`, `1981-82`',
      ),
    ).toEqual(['store/index.ts', 'renderer/views/', 'app.ts']);
  });

  it('read paths from a top folder anywhere, quoted ones aside', () => {
    const tops = new Set(['store', 'renderer']);
    expect(topPaths('run `store/a.ts` and renderer/views/<view>/, or ../store/x.ts, "store/old.ts".', tops)).toEqual([
      'store/a.ts',
      'renderer/views/',
    ]);
  });

  it('find a path that is gone, from the root or from the document', () => {
    const text = [
      '`store/index.ts`, `host/app.ts`, `app.ts`, `views/` and `application/json` are fine;',
      '`store/players/read.ts`, `gone.ts`, `views/gone/` and `cache/` are not',
      '```sh',
      'node store/nowhere.ts --keys store/index.ts `nowhere/x.ts`',
      '```',
      'the design is `../shared/DESIGN.md`; the build makes `out/main/child.js`; the extension is `.ts`',
      'DESIGN.md\'s "store/old.ts" is store/index.ts now, and renderer/views/<view>/ is a folder each',
    ].join('\n');
    expect(missingPaths('electron/README.md', text, world).map(problemLine)).toEqual([
      'electron/README.md:2  `store/players/read.ts` names no file or folder',
      'electron/README.md:2  `gone.ts` names no file or folder',
      'electron/README.md:2  `views/gone/` names no file or folder',
      'electron/README.md:2  `cache/` names no file or folder',
      'electron/README.md:4  `store/nowhere.ts` names no file or folder',
    ]);
  });

  it(`find a line over ${MAX_LINE} characters`, () => {
    const text = `short\n${'x'.repeat(MAX_LINE)}\n${'é'.repeat(MAX_LINE + 1)}`;
    expect(longLines('a.md', text).map(problemLine)).toEqual([`a.md:3  ${MAX_LINE + 1} characters`]);
  });
});
