import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ownFormatting } from './formatting.ts';
import { REPO_ROOT, sourceFiles } from './import-graph.ts';

/**
 * Dates and numbers in one style (formatting.ts): no renderer source outside `renderer/format/` formats
 * them with the platform's formatters. The second half proves the rule catches what it forbids.
 */

describe('the renderer', () => {
  const files = sourceFiles(REPO_ROOT)
    .filter((f) => f.startsWith('renderer/'))
    .map((path) => ({ path, text: readFileSync(join(REPO_ROOT, path), 'utf8') }));

  it('is read, format module and all', () => {
    expect(files.some((f) => f.path === 'renderer/format/dates.ts')).toBe(true);
    expect(files.length).toBeGreaterThan(100);
  });

  it('formats dates and numbers only through its format module', () => {
    expect(ownFormatting(files)).toEqual([]);
  });
});

describe('the own-formatting rule', () => {
  it('finds toLocale…String, toFixed and Intl formats outside the format module, not in comments', () => {
    const view = {
      path: 'renderer/views/reports/ReportsView.tsx',
      text: [
        '// never toFixed( here',
        'const a = d.toLocaleDateString("en-US");',
        'const b = n.toFixed(1); /* Intl.NumberFormat */',
        'const c = new Intl.DateTimeFormat(undefined, {});',
        'const d = x.toLocaleString();',
      ].join('\n'),
    };
    const own = { path: 'renderer/format/numbers.ts', text: 'new Intl.NumberFormat("en-US"); n.toFixed(2);' };
    expect(ownFormatting([view, own])).toEqual([
      'renderer/views/reports/ReportsView.tsx:2  toLocale…String()',
      'renderer/views/reports/ReportsView.tsx:3  toFixed()',
      'renderer/views/reports/ReportsView.tsx:4  Intl formats',
      'renderer/views/reports/ReportsView.tsx:5  toLocale…String()',
    ]);
  });
});
