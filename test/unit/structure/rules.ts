import { builtinModules } from 'node:module';
import type { ImportEdge, ImportGraph } from './import-graph.ts';

/**
 * The layering rules of ../shared/DESIGN.md ("Top level"), each checked on the whole import graph. A rule
 * answers one line per broken arrow: `file:line  from → to  (import '…')`, so a wrong import fails with
 * the place to fix. A folder that does not exist yet has no files to check, but the rules about
 * importing it are checked on every other folder.
 */

/** One rule: its words (as DESIGN.md says them) and the arrows that break it. */
export interface LayerRule {
  name: string;
  violations(graph: ImportGraph): string[];
}

/** The top-level folder of a repo-relative path: `renderer`, `shared`, … or `.` for the root's own files. */
export function topOf(path: string): string {
  const i = path.indexOf('/');
  return i === -1 ? '.' : path.slice(0, i);
}

/** Libraries `shared/` may use: pure, environment-free code only. */
export const SHARED_LIBRARIES: ReadonlySet<string> = new Set(['zod']);

/**
 * Layers inside `renderer/`, top to bottom: a file may import its own layer or any below it. `main.tsx`
 * (the entry) sits above everything; `entities/` (what several views show of a player, team, league, report
 * or list) between the views and the parts every view uses; `format/` (how dates and numbers are written,
 * used from the state up) at the bottom of the code; `styles/` (global stylesheets) below everything.
 */
export const RENDERER_LAYERS: Readonly<Record<string, number>> = {
  'main.tsx': 7,
  app: 6,
  views: 5,
  entities: 4,
  table: 3,
  components: 3,
  charts: 3,
  state: 2,
  bridge: 1,
  format: 0,
  styles: -1,
};

/** Packages `department/` may use besides Node's built-ins: the PostgreSQL client, nothing else. */
export const DEPARTMENT_LIBRARIES: ReadonlySet<string> = new Set(['pg']);

/** Files allowed to import `electron` at runtime: the thin glue (DESIGN.md: everything else runs under plain Node). */
const ELECTRON_GLUE: ReadonlySet<string> = new Set(['electron/main.ts', 'electron/preload.ts']);

/** The store's public entry: the only file of `store/` the host may import. */
export const STORE_ENTRY = 'store/index.ts';

/**
 * The store's folders (store/README.md): the player cache, the scouting lists, and what both use (database
 * opening, files, writable checks, the worker protocol, the migration runner).
 */
export const STORE_FOLDERS: readonly string[] = ['cache', 'lists', 'common'];

/** The one module of `store/cache/` the lists read the cache through: three reads, no write. */
export const CACHE_FOR_LISTS = 'store/cache/read-only.ts';

/** The folder of store/ a path sits in (`cache`, `lists`, `common` …), or undefined outside one. */
function storeFolderOf(path: string): string | undefined {
  const parts = path.split('/');
  return parts[0] === 'store' && parts.length > 2 ? parts[1] : undefined;
}

const isBuiltin = (spec: string) => spec.startsWith('node:') || builtinModules.includes(spec.split('/')[0] ?? '');
const isElectron = (spec: string) => spec === 'electron' || spec.startsWith('electron/');
/** The package of a bare specifier: `zod`, `@tanstack/react-query` (from `@tanstack/react-query/x`). */
const packageOf = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/** `file:line  arrow  (import '…')`: the line a failing rule prints. */
export function arrowLine(edge: ImportEdge, arrow: string): string {
  const how = edge.kind === 'dynamic' ? `import('${edge.spec}')` : `${edge.kind} '${edge.spec}'`;
  return `${edge.file}:${edge.line}  ${arrow}  (${how})`;
}

/** A rule over edges: `check` returns the arrow words for a broken edge, or null. */
function edgeRule(name: string, check: (edge: ImportEdge) => string | null): LayerRule {
  return {
    name,
    violations: (graph) =>
      graph.edges.flatMap((edge) => {
        const arrow = check(edge);
        return arrow === null ? [] : [arrowLine(edge, arrow)];
      }),
  };
}

/** `from` may import only the folders in `allowed` (and packages): an arrow to any other top folder breaks it. */
function onlyFolders(from: string, allowed: readonly string[]): LayerRule {
  const words = allowed.map((f) => `${f}/`).join(', ');
  return edgeRule(`${from}/ imports only ${words}`, (e) => {
    if (topOf(e.file) !== from || e.target === null) return null;
    const to = topOf(e.target);
    return allowed.includes(to) ? null : `${from}/ → ${to}/`;
  });
}

/** The renderer layer of a renderer path (`views`, `main.tsx` …), or undefined when it sits in none. */
function rendererLayer(path: string): string | undefined {
  const [top, second] = path.split('/');
  if (top !== 'renderer' || second === undefined) return undefined;
  return second in RENDERER_LAYERS ? second : undefined;
}

/** The view a renderer path belongs to: `team` for `renderer/views/team/goaltending.css`; undefined outside the views. */
export function viewOf(path: string): string | undefined {
  return /^renderer\/views\/([^/]+)\//.exec(path)?.[1];
}

/**
 * For each file that loads `pkg` when it runs (itself, or through its runtime imports, `import type`
 * aside): the chain of files to it, `[file, …, pkg]`. Files that do not are absent.
 */
export function runtimePathsTo(graph: ImportGraph, pkg: string): Map<string, string[]> {
  // Backwards from the package over runtime edges, breadth first: each file's next step is on a shortest way.
  const importers = new Map<string, string[]>();
  const next = new Map<string, string>();
  const queue: string[] = [];
  for (const e of graph.edges) {
    if (e.typeOnly) continue;
    if (e.target !== null) {
      const list = importers.get(e.target);
      if (list === undefined) importers.set(e.target, [e.file]);
      else list.push(e.file);
    } else if (packageOf(e.spec) === pkg && !next.has(e.file)) {
      next.set(e.file, pkg);
      queue.push(e.file);
    }
  }
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i] as string;
    for (const from of importers.get(file) ?? []) {
      if (next.has(from)) continue;
      next.set(from, file);
      queue.push(from);
    }
  }
  const pathOf = (file: string): string[] => {
    const path = [file];
    for (let at = next.get(file); at !== undefined; at = next.get(at)) path.push(at);
    return path;
  };
  return new Map(queue.map((f) => [f, pathOf(f)]));
}

/** The sandboxed preload, bundled into one file with whatever it loads. */
const PRELOAD = 'electron/preload.ts';

/**
 * A rule that the files `from` picks load no zod at runtime, themselves or through what they import (an
 * `import type` of a zod module is fine: it is erased). `who` names them in a failing line.
 */
function neverLoadsZod(name: string, from: (file: string) => boolean, who: string): LayerRule {
  return {
    name,
    violations: (graph) => {
      const paths = runtimePathsTo(graph, 'zod');
      return graph.edges.flatMap((e) => {
        if (!from(e.file) || e.typeOnly) return [];
        const path = e.target === null ? (packageOf(e.spec) === 'zod' ? ['zod'] : null) : paths.get(e.target);
        return path ? [arrowLine(e, `${who} → ${path.join(' → ')}`)] : [];
      });
    },
  };
}

/** Every rule, in the order DESIGN.md states them. */
export const LAYER_RULES: readonly LayerRule[] = [
  edgeRule(`shared/ imports nothing but shared/ and libraries like ${[...SHARED_LIBRARIES].join(', ')}`, (e) => {
    if (topOf(e.file) !== 'shared') return null;
    if (e.target !== null) return topOf(e.target) === 'shared' ? null : `shared/ → ${topOf(e.target)}/`;
    return SHARED_LIBRARIES.has(packageOf(e.spec)) ? null : `shared/ → ${e.spec}`;
  }),
  onlyFolders('service', ['shared', 'service']),
  onlyFolders('store', ['shared', 'store']),
  onlyFolders('electron', ['shared', 'electron', 'store', 'department']),
  onlyFolders('department', ['shared', 'department']),
  edgeRule(`department/ uses no package but ${[...DEPARTMENT_LIBRARIES].join(', ')} (and Node's built-ins)`, (e) => {
    if (topOf(e.file) !== 'department' || e.target !== null || isBuiltin(e.spec)) return null;
    return DEPARTMENT_LIBRARIES.has(packageOf(e.spec)) ? null : `department/ → ${e.spec}`;
  }),
  onlyFolders('renderer', ['shared', 'renderer']),
  edgeRule('store/ is reached through its public entry only (store/index.ts), tests aside', (e) => {
    const from = topOf(e.file);
    if (from === 'store' || from === 'test' || e.target === null || topOf(e.target) !== 'store') return null;
    return e.target === STORE_ENTRY ? null : `${from}/ → ${e.target} (not ${STORE_ENTRY})`;
  }),
  {
    name: `store/ is its entry (${STORE_ENTRY}) and three folders: ${STORE_FOLDERS.map((f) => `${f}/`).join(', ')}`,
    violations: (graph) =>
      graph.files.flatMap((f) => {
        if (topOf(f) !== 'store' || f === STORE_ENTRY) return [];
        const folder = storeFolderOf(f);
        return folder !== undefined && STORE_FOLDERS.includes(folder)
          ? []
          : [`${f}:1  outside ${STORE_FOLDERS.map((d) => `${d}/`).join(', ')}`];
      }),
  },
  edgeRule(
    `inside store/, common/ imports neither cache/ nor lists/, cache/ never lists/, and lists/ reach the cache only through ${CACHE_FOR_LISTS}`,
    (e) => {
      if (e.target === null) return null;
      const from = storeFolderOf(e.file);
      const to = storeFolderOf(e.target);
      if (from === undefined || to === undefined || from === to) return null;
      if (from === 'common') return `common/ → ${to}/`;
      if (from === 'cache' && to === 'lists') return 'cache/ → lists/';
      if (from === 'lists' && to === 'cache' && e.target !== CACHE_FOR_LISTS)
        return `lists/ → ${e.target} (not ${CACHE_FOR_LISTS})`;
      return null;
    },
  ),
  edgeRule('renderer/ runs in the page: no Node built-ins, no electron', (e) => {
    if (topOf(e.file) !== 'renderer' || e.target !== null) return null;
    return isBuiltin(e.spec) || isElectron(e.spec) ? `renderer/ → ${e.spec}` : null;
  }),
  neverLoadsZod(
    'renderer/ never loads zod, itself or through shared/ (the host checks every answer; the page would only build schemas)',
    (file) => topOf(file) === 'renderer',
    'renderer/',
  ),
  neverLoadsZod(
    `${PRELOAD} never loads zod, itself or through shared/ (the sandboxed preload is one small file; the host checks every argument)`,
    (file) => file === PRELOAD,
    PRELOAD,
  ),
  edgeRule(
    'inside renderer/, only downward: app → views → entities → table/components/charts → state → bridge → format',
    (e) => {
      if (e.target === null || topOf(e.file) !== 'renderer' || topOf(e.target) !== 'renderer') return null;
      const from = rendererLayer(e.file);
      const to = rendererLayer(e.target);
      if (from === undefined || to === undefined) return null; // the file-placement rule below reports these
      return (RENDERER_LAYERS[to] ?? 0) <= (RENDERER_LAYERS[from] ?? 0) ? null : `${from} → ${to} (upward)`;
    },
  ),
  edgeRule(
    'a view never imports another view (renderer/views/<a>/ → renderer/views/<b>/), stylesheets and lazy imports included: what views share is an entity or sits lower',
    (e) => {
      if (e.target === null) return null;
      const from = viewOf(e.file);
      const to = viewOf(e.target);
      return from !== undefined && to !== undefined && from !== to ? `views/${from} → views/${to}` : null;
    },
  ),
  {
    name: 'every renderer file sits in a layer folder, every view in its own folder (renderer/views/<name>/) and every entity in its own (renderer/entities/<thing>/)',
    violations: (graph) =>
      graph.files.flatMap((f) => {
        if (topOf(f) !== 'renderer') return [];
        if (rendererLayer(f) === undefined) return [`${f}:1  in no layer of renderer/`];
        if (f.split('/').length !== 3) return [];
        if (f.startsWith('renderer/views/')) return [`${f}:1  a view outside its folder`];
        return f.startsWith('renderer/entities/') ? [`${f}:1  an entity outside its folder`] : [];
      }),
  },
  edgeRule('only electron/main.ts and electron/preload.ts import electron at runtime (import type is fine)', (e) => {
    if (topOf(e.file) === 'test' || !isElectron(e.spec) || e.typeOnly) return null;
    return ELECTRON_GLUE.has(e.file) ? null : `${e.file} → electron at runtime`;
  }),
  edgeRule('nothing but test/ and the root tool configs imports test/ (bench/ never does)', (e) => {
    if (e.target === null || topOf(e.target) !== 'test') return null;
    return topOf(e.file) === 'test' || topOf(e.file) === '.' ? null : `${topOf(e.file)}/ → test/`;
  }),
  {
    name: 'every relative import names a file that exists',
    violations: (graph) =>
      graph.edges.flatMap((e) => (e.target === null || graph.exists(e.target) ? [] : [arrowLine(e, 'no such file')])),
  },
];
