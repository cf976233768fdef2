import { CIRCLE_ROOTS, importCircles } from './circles.ts';
import { graphOf, importGraph, REPO_ROOT } from './import-graph.ts';

/**
 * No import circle in the app's sources (circles.ts): a new one fails with its files. KNOWN_CIRCLES lists the
 * circles that are still there, each waiting for its folder's restructuring; an entry that is no longer a
 * circle (or has grown or changed its files) fails too, so the list only shrinks.
 */

/** Import circles still in the sources, each as importCircles names it. */
const KNOWN_CIRCLES: ReadonlySet<string> = new Set<string>([
  // empty: every circle is gone; add none
]);

const circles = importCircles(importGraph(REPO_ROOT));

describe('import circles', () => {
  it(`none among the sources of ${CIRCLE_ROOTS.join(', ')} but the known ones`, () => {
    expect(circles.filter((c) => !KNOWN_CIRCLES.has(c))).toEqual([]);
  });

  it('none at all in renderer/, known or not: what two parts of a view or two views share sits in a lower file', () => {
    expect(circles.filter((c) => c.startsWith('renderer/'))).toEqual([]);
  });

  it('every KNOWN_CIRCLES entry is still a circle with those files (remove the ones that are not)', () => {
    expect([...KNOWN_CIRCLES].filter((c) => !circles.includes(c))).toEqual([]);
  });
});

describe('the circle finder', () => {
  it('finds two files importing each other, type-only imports and re-exports included', () => {
    const graph = graphOf({
      'electron/host/a.ts': "import { b } from './b.ts';",
      'electron/host/b.ts': "import type { A } from './a.ts';",
      'shared/x.ts': "export { y } from './y.ts';",
      'shared/y.ts': "import { x } from './x';",
    });
    expect(importCircles(graph)).toEqual(['electron/host/a.ts | electron/host/b.ts', 'shared/x.ts | shared/y.ts']);
  });

  it('finds a longer circle as one group, and leaves out the files that only hang off it', () => {
    const graph = graphOf({
      'shared/a.ts': "import { b } from './b.ts';",
      'shared/b.ts': "import { c } from './c.ts';",
      'shared/c.ts': "import { a } from './a.ts';\nimport { d } from './d.ts';",
      'shared/d.ts': '',
      'renderer/app/App.tsx': "import { a } from '../../shared/a.ts';",
    });
    expect(importCircles(graph)).toEqual(['shared/a.ts | shared/b.ts | shared/c.ts']);
  });

  it('counts no lazy import() and no file outside the source folders', () => {
    const graph = graphOf({
      'electron/host/main.ts': "import { a } from './app.ts';",
      'electron/host/app.ts': "const m = () => import('./main.ts');",
      'test/unit/a.test.ts': "import { b } from './b.ts';",
      'test/unit/b.ts': "import { a } from './a.test.ts';",
    });
    expect(importCircles(graph)).toEqual([]);
  });
});
