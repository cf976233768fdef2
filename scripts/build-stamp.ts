import { createHash } from 'node:crypto';
import { type Dirent, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Whether each part of the build (out/) is current, checked at every `npm start`, so it must be cheap: a
 * part's fingerprint is a hash of the path, size and modification time of every file it is built from
 * (its source folders, and the files every part depends on), with no file read. The build writes each
 * part's fingerprint beside its output once that output is complete (electron.vite.config.ts), and
 * `npm start` rebuilds a part whose fingerprint differs (an edit, a pull, a checkout, a file added or
 * removed, a changed lock file) or that has none (a fresh clone, a failed build).
 */

/** The parts electron.vite.config.ts builds: each one's output folder and the folders it is built from. */
export const BUILD_PARTS = {
  main: { outDir: 'out/main', sources: ['shared', 'service', 'store', 'electron'] },
  preload: { outDir: 'out/preload', sources: ['shared', 'electron'] },
  renderer: { outDir: 'out/renderer', sources: ['shared', 'renderer'] },
} as const;

export type BuildPart = keyof typeof BUILD_PARTS;

export const ALL_PARTS = Object.keys(BUILD_PARTS) as BuildPart[];

/** Files every part depends on: the dependencies and the build's own configuration. */
const COMMON_INPUTS = ['package.json', 'package-lock.json', 'electron.vite.config.ts', 'tsconfig.json'];

/** The fingerprint's file in each part's output folder. */
const STAMP_FILE = '.build-stamp';

/** Documentation goes into no bundle; its edits rebuild nothing. */
const isInput = (name: string) => !name.endsWith('.md');

/** `path size mtime` of each input file under `dir` (relative to `root`), or nothing when it is missing. */
function listFolder(root: string, dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  const lines: string[] = [];
  for (const e of entries) {
    if (!e.isFile() || !isInput(e.name)) continue;
    const file = join(e.parentPath, e.name);
    const s = statSync(file, { throwIfNoEntry: false });
    if (s !== undefined) lines.push(`${relative(root, file)} ${s.size} ${s.mtimeMs}`);
  }
  return lines;
}

/**
 * Each part's fingerprint for the tree at `root` (the repository): hex SHA-256 of its inputs' sorted
 * `path size mtime` lines. Each source folder is listed once, however many parts use it.
 */
export function buildFingerprints(root: string, parts: readonly BuildPart[] = ALL_PARTS): Record<BuildPart, string> {
  const folders = new Map<string, string[]>();
  const lines = (dir: string) => {
    let l = folders.get(dir);
    if (l === undefined) {
      l = listFolder(root, dir);
      folders.set(dir, l);
    }
    return l;
  };
  const common = COMMON_INPUTS.map((f) => {
    const s = statSync(join(root, f), { throwIfNoEntry: false });
    return s === undefined ? `${f} missing` : `${f} ${s.size} ${s.mtimeMs}`;
  });
  const out = {} as Record<BuildPart, string>;
  for (const part of parts) {
    const all = [...common, ...BUILD_PARTS[part].sources.flatMap(lines)].sort();
    out[part] = createHash('sha256').update(all.join('\n')).digest('hex');
  }
  return out;
}

/** The parts whose output is missing or was built from other inputs than the tree at `root` has now. */
export function staleParts(root: string): BuildPart[] {
  const now = buildFingerprints(root);
  return ALL_PARTS.filter((part) => {
    let stamp: string;
    try {
      stamp = readFileSync(join(root, BUILD_PARTS[part].outDir, STAMP_FILE), 'utf8');
    } catch {
      return true;
    }
    return stamp !== now[part];
  });
}

/** The environment variable that limits a build to some parts (comma-separated); unset, all are built. */
export const BUILD_PARTS_ENV = 'RINKSIDE_BUILD_PARTS';

/** What a build started with an IPC channel (scripts/ensure-built.ts) sends once a part is written. */
export interface BuiltMessage {
  built: BuildPart;
}

export function isBuiltMessage(m: unknown): m is BuiltMessage {
  return typeof m === 'object' && m !== null && ALL_PARTS.includes((m as { built?: unknown }).built as BuildPart);
}

/** Records `fingerprint` (taken before the build read its inputs) as the built `part`'s. */
export function writeBuildStamp(root: string, part: BuildPart, fingerprint: string): void {
  writeFileSync(join(root, BUILD_PARTS[part].outDir, STAMP_FILE), fingerprint);
}

/** Tells the process that started this build, if it listens (an IPC channel), that `part` is in. */
export function reportBuilt(part: BuildPart): void {
  const report: BuiltMessage = { built: part };
  process.send?.(report);
}
