import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/**
 * Checks that keep the Markdown true to the tree: every repository path a document names in backticks
 * exists, and no line is longer than {@link MAX_LINE} characters (a line that long is a paragraph or a
 * table row nobody can read in a diff). Pure functions over the texts, plus a walk that finds the files.
 */

/** The longest Markdown line allowed, in characters. */
export const MAX_LINE = 400;

/** Folders never walked: installed, built or generated, and git's own. */
const SKIPPED_DIRS: ReadonlySet<string> = new Set([
  '.git',
  'node_modules',
  'out',
  'dist',
  'test-results',
  'playwright-report',
  '.data',
]);

/**
 * Places a document may name that a clone does not hold: what the build, the service, the benches and the
 * tests make (`out/main/child.js`, `.data/demo.db`, `bench/.data/large.db`), the compile cache, and the
 * user data folder's backups.
 */
const GENERATED_PREFIXES: readonly string[] = [
  'out/',
  '.data/',
  'bench/.data/',
  'node_modules/',
  'test-results/',
  'scouting-lists-backups/',
];

/** Extensions of the repository's own files: a bare name with one (`handlers.ts`) must be some file's name. */
const OWN_FILE = /^[\w-][\w.-]*\.(ts|tsx|mjs|js|css|sql|sh|md)$/;

/** Every `.md` file under `root`, repo-relative, sorted. */
export function markdownFiles(root: string, dir = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = dir === '' ? e.name : `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (!SKIPPED_DIRS.has(e.name) && path !== 'bench/.data') out.push(...markdownFiles(root, path));
    } else if (e.isFile() && e.name.endsWith('.md')) out.push(path);
  }
  return out.sort();
}

/** Every file and folder under `root`, repo-relative (folders without a trailing slash). */
export function repoPaths(root: string, dir = '', into = new Set<string>()): Set<string> {
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = dir === '' ? e.name : `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (SKIPPED_DIRS.has(e.name) || path === 'bench/.data') continue;
      into.add(path);
      repoPaths(root, path, into);
    } else into.add(path);
  }
  return into;
}

/** A line of a document and its 1-based number. */
interface Line {
  number: number;
  text: string;
}

/** The lines outside fenced code blocks (a fence holds commands and output, not claims about paths). */
function proseLines(text: string): Line[] {
  const lines: Line[] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    else if (!fenced) lines.push({ number: i + 1, text: line });
  });
  return lines;
}

/**
 * The backticked spans of a line that read as repository paths: a name with a folder (`store/index.ts`,
 * `renderer/views/`) or a bare file name with one of the repository's extensions (`handlers.ts`). Not
 * paths: routes and URLs (`#/players`, `/teams/{id}`, `https://…`), placeholders and patterns (`<view>`,
 * `*`, `{id}`, `…`, `NNN`), command lines (a space), parameters (`?`, `=`, `:`) and anything with `@`.
 */
export function pathSpans(line: string): string[] {
  const spans: string[] = [];
  for (const m of line.matchAll(/`([^`]+)`/g)) {
    const span = (m[1] ?? '').trim();
    if (span === '' || /[\s<>*{}…?=:@,|()[\]#$'"]/.test(span) || /NNN|XXX/.test(span)) continue;
    if (span.startsWith('/') || span.startsWith('-') || span.startsWith('~')) continue;
    if (span.includes('/') ? /^[\w.-]+(\/[\w.-]+)*\/?$/.test(span) : OWN_FILE.test(span)) spans.push(span);
  }
  return spans;
}

/**
 * The words of a line, backticked or not, fenced or not, that name a path from one of the repository's top
 * folders (`store/cache/api.ts`, `scripts/with-keyring.sh` in a command): the part up to the first
 * character no path holds, so `renderer/views/<view>/` is read as `renderer/views/`. Words in double quotes
 * are left alone: that is how a document quotes a path that is not, or no longer, this repository's (a
 * path as DESIGN.md names it).
 */
export function topPaths(line: string, topFolders: ReadonlySet<string>): string[] {
  const unquoted = line.replace(/"[^"]*"/g, '""');
  const words: string[] = [];
  for (const m of unquoted.matchAll(/(?<![\w./~-])([\w-]+)\/[\w./-]*/g)) {
    if (topFolders.has(m[1] ?? '')) words.push(m[0].replace(/[.-]+$/, ''));
  }
  return words;
}

/** The repository as the check sees it: its paths, and the names of its files and folders. */
export interface PathWorld {
  paths: ReadonlySet<string>;
  fileNames: ReadonlySet<string>;
  folderNames: ReadonlySet<string>;
  /** The folders at the repository's top (`store`, `renderer` …). */
  topFolders: ReadonlySet<string>;
}

/** A {@link PathWorld} of repo-relative paths; `folders` says which of them are folders. */
export function pathWorld(paths: Iterable<string>, isFolder: (path: string) => boolean): PathWorld {
  const all = new Set(paths);
  const fileNames = new Set<string>();
  const folderNames = new Set<string>();
  const topFolders = new Set<string>();
  for (const p of all) {
    const folder = isFolder(p);
    (folder ? folderNames : fileNames).add(p.slice(p.lastIndexOf('/') + 1));
    if (folder && !p.includes('/')) topFolders.add(p);
  }
  return { paths: all, fileNames, folderNames, topFolders };
}

/** The repository on the disk under `root`. */
export function diskWorld(root: string): PathWorld {
  const paths = repoPaths(root);
  return pathWorld(paths, (p) => existsSync(join(root, p)) && statSync(join(root, p)).isDirectory());
}

/**
 * Whether `span`, written in the document `doc` (repo-relative), names something that exists, read the
 * ways the documents write paths: from the repository's root; from the document's folder; as the tail of
 * any path (store/README.md names `cache/sync/writes.ts` as `sync/writes.ts`, a test list names
 * `test/unit/department/push.test.ts` as `department/push.test.ts`); a bare file or folder name
 * (`handlers.ts`, `cache/`) as any file's or folder's name. A moved file's old path still fails unless
 * its whole tail survives the move. Outside the check: a path out of the
 * repository (`../shared/…`, the design and the spec beside it), what the build or a run makes, and a
 * slashed word whose first part names no folder at all (`application/json`).
 */
export function spanExists(span: string, doc: string, world: PathWorld): boolean {
  const bare = span.replace(/\/$/, '');
  if (bare.startsWith('../')) return true;
  if (GENERATED_PREFIXES.some((p) => `${bare}/`.startsWith(p))) return true;
  if (!span.includes('/')) return world.fileNames.has(span) || world.paths.has(span);
  const segments = bare.split('/');
  if (segments.length === 1) return world.folderNames.has(bare);
  const first = segments[0] ?? '';
  if (first !== '..' && first !== '.' && !world.folderNames.has(first)) return true;
  const docDir = dirname(doc) === '.' ? '' : dirname(doc);
  const fromDoc = normalize(join(docDir, bare));
  if (fromDoc.startsWith('..')) return true;
  if (world.paths.has(bare) || world.paths.has(fromDoc)) return true;
  for (const p of world.paths) if (p.endsWith(`/${bare}`)) return true;
  return false;
}

/** `doc:line  what`: the line a failing check prints. */
export interface DocProblem {
  doc: string;
  line: number;
  what: string;
}

/**
 * The paths of `text` (the document `doc`) that name nothing in `world`: backticked ones outside fences
 * ({@link pathSpans}), and on every line, code included, those from a top folder ({@link topPaths}); each
 * read by {@link spanExists}.
 */
export function missingPaths(doc: string, text: string, world: PathWorld): DocProblem[] {
  const gone = (line: number, span: string): DocProblem => ({ doc, line, what: `\`${span}\` names no file or folder` });
  const backticked = proseLines(text).flatMap(({ number, text: line }) =>
    pathSpans(line)
      .filter((span) => !spanExists(span, doc, world))
      .map((span) => gone(number, span)),
  );
  const fromTop = text.split('\n').flatMap((line, i) =>
    topPaths(line, world.topFolders)
      .filter((p) => !spanExists(p, doc, world))
      .filter((p) => !backticked.some((b) => b.line === i + 1 && b.what.startsWith(`\`${p}\``)))
      .map((p) => gone(i + 1, p)),
  );
  return [...backticked, ...fromTop].sort((a, b) => a.line - b.line);
}

/** The lines of `text` longer than {@link MAX_LINE} characters (code points, fences included). */
export function longLines(doc: string, text: string): DocProblem[] {
  return text.split('\n').flatMap((line, i) => {
    const length = [...line].length;
    return length > MAX_LINE ? [{ doc, line: i + 1, what: `${length} characters` }] : [];
  });
}

/** A problem as one line: `README.md:12  \`x.ts\` names no file or folder`. */
export const problemLine = (p: DocProblem) => `${p.doc}:${p.line}  ${p.what}`;
