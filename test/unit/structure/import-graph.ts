import { type Dirent, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'oxc-parser';

/**
 * The repository's import graph, read from the sources with a real TypeScript parser (oxc), so imports in
 * comments or strings are not counted and multi-line imports are. Every path is repo-relative with `/`.
 */

/** One import of one source file. */
export interface ImportEdge {
  /** The importing file: `renderer/components/ErrorPanel.tsx`. */
  file: string;
  /** 1-based line of the import in {@link file}. */
  line: number;
  /** The specifier as written: `../app/keyDialogStore.ts`, `zod`, `node:fs`. */
  spec: string;
  /** The imported file for a relative specifier (`renderer/app/keyDialogStore.ts`); null for a package or built-in. */
  target: string | null;
  /** `import type …` / `export type … from`: erased before the code runs. */
  typeOnly: boolean;
  kind: 'import' | 'export' | 'dynamic';
}

/** The folders whose sources are read, and the extensions that are TypeScript sources. */
export const SOURCE_ROOTS = [
  'shared',
  'service',
  'store',
  'electron',
  'renderer',
  'department',
  'bench',
  'scripts',
  'test',
] as const;
const SOURCE_EXT = /\.(ts|tsx|mts|cts)$/;
const SKIP_DIRS = new Set(['node_modules', 'out', 'dist', 'test-results', '.data']);

function walk(root: string, dir: string, out: string[]): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return; // a folder that does not exist (yet) has no files to check
  }
  for (const e of entries) {
    const rel = dir === '' ? e.name : `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) walk(root, rel, out);
    } else if (SOURCE_EXT.test(e.name) && !e.name.endsWith('.d.ts')) {
      out.push(rel);
    }
  }
}

/** Every TypeScript source under {@link SOURCE_ROOTS} and the root's own `*.ts` (configs), sorted. */
export function sourceFiles(root: string): string[] {
  const out: string[] = [];
  for (const dir of SOURCE_ROOTS) walk(root, dir, out);
  for (const e of readdirSync(root, { withFileTypes: true })) {
    if (e.isFile() && SOURCE_EXT.test(e.name)) out.push(e.name);
  }
  return out.sort();
}

function lineAt(source: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * The imports of one source text: static `import … from`, side-effect `import '…'`, `export … from`, and
 * `import('…')` with a string literal (a computed specifier cannot be checked and is skipped).
 * @throws Error naming the file when the parser reports a syntax error (a graph with holes proves nothing).
 */
export function importsOf(file: string, source: string): ImportEdge[] {
  const result = parseSync(file, source, { sourceType: 'module' });
  if (result.errors.length > 0) {
    throw new Error(`${file}: cannot parse: ${result.errors.map((e) => e.message).join('; ')}`);
  }
  const resolve = (spec: string) =>
    spec.startsWith('.') ? posix.normalize(posix.join(posix.dirname(file), spec)) : null;
  const edges: ImportEdge[] = [];
  const add = (spec: string, start: number, typeOnly: boolean, kind: ImportEdge['kind']) =>
    edges.push({ file, line: lineAt(source, start), spec, target: resolve(spec), typeOnly, kind });
  const mod = result.module;
  for (const imp of mod.staticImports) {
    add(imp.moduleRequest.value, imp.start, /^import\s+type[\s{]/.test(source.slice(imp.start, imp.end)), 'import');
  }
  for (const exp of mod.staticExports) {
    const request = exp.entries.find((e) => e.moduleRequest)?.moduleRequest;
    if (!request) continue;
    add(request.value, exp.start, /^export\s+type[\s{*]/.test(source.slice(exp.start, exp.end)), 'export');
  }
  for (const dyn of mod.dynamicImports) {
    const literal = /^(['"`])([^'"`$]*)\1$/.exec(source.slice(dyn.moduleRequest.start, dyn.moduleRequest.end));
    if (literal?.[2] !== undefined) add(literal[2], dyn.start, false, 'dynamic');
  }
  return edges.sort((a, b) => a.line - b.line);
}

/** Source files, their imports, and whether a path exists (a stylesheet, say, is no source but may be imported). */
export interface ImportGraph {
  files: string[];
  edges: ImportEdge[];
  exists(path: string): boolean;
}

/** The import graph of the repository at `root`: every edge of every {@link sourceFiles} file. */
export function importGraph(root: string): ImportGraph {
  const files = sourceFiles(root);
  const edges = files.flatMap((f) => importsOf(f, readFileSync(join(root, f), 'utf8')));
  return { files, edges, exists: (path) => existsSync(join(root, path)) };
}

/** The graph of in-memory sources (`{'renderer/app/App.tsx': 'import …'}`), for testing the rules themselves. */
export function graphOf(sources: Readonly<Record<string, string>>): ImportGraph {
  const files = Object.keys(sources).sort();
  const edges = files.flatMap((f) => importsOf(f, sources[f] ?? ''));
  return { files, edges, exists: (path) => path in sources };
}

/** The repository root, from this file's place (test/unit/structure/). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
