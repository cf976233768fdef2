import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { DEFAULT_SETTINGS, type Settings, SettingsSchema } from '../../../shared/bridge/bridge.ts';

/**
 * The scout's settings (shared/bridge/bridge.ts SettingsSchema) in `settings.json` in the user data folder.
 * Read and validated once at start; a file that is not valid JSON or not valid settings is moved aside
 * (`settings.json.corrupt-<time>`) and the defaults are used, with a notice saying so. Writes are atomic:
 * a temp file in the same folder, fsync, rename over the old one, fsync of the folder.
 */

export const SETTINGS_FILE = 'settings.json';

export interface SettingsStore {
  /** The settings in effect. */
  get(): Settings;
  /** Merges a validated patch and writes the file atomically; resolves to the new settings. */
  update(patch: Partial<Settings>): Promise<Settings>;
  /** Set when the file at start was unusable: what happened and where the bad file was kept. */
  readonly notice: string | null;
  readonly file: string;
}

/** Writes `text` (or bytes) to `file` atomically: temp file, fsync, rename, fsync of the folder (best effort). */
export async function writeFileAtomic(file: string, text: string | Uint8Array): Promise<void> {
  const dir = dirname(file);
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const fh = await open(tmp, 'wx', 0o600);
  try {
    await (typeof text === 'string' ? fh.writeFile(text, 'utf8') : fh.writeFile(text));
    await fh.sync();
  } finally {
    await fh.close();
  }
  try {
    await rename(tmp, file);
  } catch (err) {
    await unlink(tmp).catch(() => {});
    throw err;
  }
  try {
    const d = await open(dir, 'r');
    try {
      await d.sync();
    } finally {
      await d.close();
    }
  } catch {
    // Some platforms (Windows) cannot open a folder for fsync; the rename is still atomic.
  }
}

/** Loads the settings in `dir` (creating nothing until the first update). */
export async function openSettings(dir: string): Promise<SettingsStore> {
  const file = join(dir, SETTINGS_FILE);
  let current: Settings = { ...DEFAULT_SETTINGS };
  let notice: string | null = null;

  let text: string | null = null;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (text !== null) {
    let problem: string | null = null;
    try {
      // Older files may lack newer fields: a partial object is merged over the defaults.
      const parsed = SettingsSchema.partial().safeParse(JSON.parse(text));
      if (parsed.success) current = { ...DEFAULT_SETTINGS, ...stripUndefined(parsed.data) };
      else problem = `invalid ${parsed.error.issues[0]?.path.join('.') || 'content'}`;
    } catch {
      problem = 'not valid JSON';
    }
    if (problem !== null) {
      const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(file, aside);
      notice = `The settings file was unusable (${problem}); defaults are in use and the old file was kept as ${aside}.`;
    }
  }

  let chain: Promise<unknown> = Promise.resolve();
  return {
    file,
    notice,
    get: () => ({ ...current }),
    update(patch) {
      // Serialised so two quick updates cannot interleave their renames.
      const next = chain.then(async () => {
        const merged = SettingsSchema.parse({ ...current, ...stripUndefined(patch) });
        await writeFileAtomic(file, `${JSON.stringify(merged, null, 2)}\n`);
        current = merged;
        return { ...merged };
      });
      chain = next.catch(() => {});
      return next;
    },
  };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
