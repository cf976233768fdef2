import type { ImportGraph } from './import-graph.ts';
import { topOf } from './rules.ts';

/**
 * Import circles of the app's sources: groups of files that reach each other through their imports (the
 * strongly connected groups of the import graph with more than one file). A circle makes its files load
 * in an order that depends on who is imported first, and welds them into one unit however they are split.
 */

/** The folders whose files must not import each other in a circle (tests, benches and scripts aside). */
export const CIRCLE_ROOTS: readonly string[] = ['shared', 'service', 'store', 'electron', 'renderer', 'department'];

/**
 * The import circles among the files of {@link CIRCLE_ROOTS}, each as its files sorted and joined by ` | `
 * (`shared/domain/boards.ts | shared/domain/board-order.ts`), sorted. Static imports and re-exports count, `import type`
 * included (an erased import still ties the files' designs together); a lazy `import('…')` does not, since
 * it runs after both files have loaded. A specifier without extension is read as `.ts`, `.tsx` or
 * `/index.ts`, as the bundler does.
 */
export function importCircles(graph: ImportGraph, roots: readonly string[] = CIRCLE_ROOTS): string[] {
  const files = graph.files.filter((f) => roots.includes(topOf(f)));
  const known = new Set(files);
  const resolve = (target: string) =>
    known.has(target) ? target : ['.ts', '.tsx', '/index.ts'].map((ext) => target + ext).find((f) => known.has(f));
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const e of graph.edges) {
    if (e.kind === 'dynamic' || e.target === null || !known.has(e.file)) continue;
    const to = resolve(e.target);
    if (to !== undefined) next.get(e.file)?.push(to);
  }
  return stronglyConnected(files, next)
    .filter((group) => group.length > 1)
    .map((group) => group.sort().join(' | '))
    .sort();
}

/** Tarjan's strongly connected components of the graph `next` over `nodes`. */
function stronglyConnected(nodes: readonly string[], next: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    groups.push(group);
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return groups;
}
