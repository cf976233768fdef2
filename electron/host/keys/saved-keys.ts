import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Keychain, Keyring } from './keychain.ts';

/**
 * The scout's keys in the OS keychain, one entry per service (DESIGN.md: "The key is bound to the base
 * URL it was saved for"). Under the keychain's service name (`rinkside`) there are three kinds of account:
 *
 * - `key-<32 hex>`, one per service: the first 128 bits of the SHA-256 of the service's scope (its
 *   normalised base URL, or `embedded` for the local service), never anything of the key. The secret is
 *   the bound form `{"scope", "key"}`; a secret whose scope is not the one its account was derived from
 *   is not used.
 * - `saved-keys`: the index, `{"v": 1, "services": [{"scope", "savedAt"}]}`, which never holds a key. The
 *   keychain library cannot list a service's entries on every OS the app runs on, so Settings reads the
 *   list from here.
 * - `api-key`: the single entry of earlier versions (the key alone, or the bound form), migrated at its
 *   first read ({@link SavedKeys.migrateLegacy}) and then deleted.
 *
 * Why the index is a keychain entry of its own and not a field of settings.json: it lives and dies with the
 * keys it lists. The keys belong to the OS user, the settings file to one data folder (`--data-dir`); a
 * settings file found corrupt is set aside and reset (settings.ts), which would hide keys that are still
 * saved and still sent, while a keychain wiped or moved to another computer takes the index with the keys.
 * It also stays out of the settings the page may write (`updateSettings`). Its cost is one keychain read
 * when Settings lists the keys, and no atomic write across two entries: an entry is written before its row
 * and removed after it, and a saved key missing from the index is listed again when it is next read
 * ({@link SavedKeys.ensureListed}).
 */

/** The account of the earlier versions' single entry. */
export const LEGACY_ACCOUNT = 'api-key';
/** The account of the index of saved services. */
export const INDEX_ACCOUNT = 'saved-keys';

/**
 * The account of the secret saved for `scope`: derived from the scope alone, of a fixed length. `kind`
 * names what it holds: `key` (an API key) or `department` (a department's password, department/passwords.ts).
 */
export function accountFor(scope: string, kind: 'key' | 'department' = 'key'): string {
  return `${kind}-${createHash('sha256').update(scope, 'utf8').digest('hex').slice(0, 32)}`;
}

/** One saved service, as the index lists it: its scope and when its key was saved (ISO 8601; null unknown). */
export interface SavedKeyRow {
  scope: string;
  savedAt: string | null;
}

/** What {@link SavedKeys.migrateLegacy} did with the earlier versions' entry. */
export interface LegacyMigration {
  /** The service the key is bound to: its own scope (bound form) or the launch's (plain form). */
  scope: string;
  key: string;
  /** False when the per-service entry could not be written: the key may serve `scope` for this session only. */
  persisted: boolean;
}

export interface SavedKeys {
  /** The key saved for `scope`, or null. Rejects with KeychainUnavailable. */
  read(scope: string): Promise<string | null>;
  /**
   * Saves (or replaces) the key of `scope` and lists it as saved now. Rejects with KeychainUnavailable
   * when the entry cannot be written; a failed index write only leaves it unlisted until the next read.
   */
  save(scope: string, key: string): Promise<void>;
  /** Removes the key of `scope` and its row. Rejects with KeychainUnavailable. */
  remove(scope: string): Promise<void>;
  /** The index's rows (a missing or unreadable index is empty). Rejects with KeychainUnavailable. */
  list(): Promise<SavedKeyRow[]>;
  /** Lists `scope` (saved at an unknown time) when the index lacks it; best effort, never rejects. */
  ensureListed(scope: string): Promise<void>;
  /**
   * Moves the earlier versions' single entry into the per-service layout, before any request of the
   * launch. A bound secret goes to its own service; a plain key is bound to `scope`, the service this
   * launch uses, which is the one the earlier version was sending it to. The old entry is deleted once
   * the new one is written. When the new entry cannot be written, the old one is rewritten in the bound
   * form (so no later launch binds it to another service) and the key is returned with `persisted: false`.
   * A plain key that is already saved for a service is what an interrupted migration left: it is dropped,
   * never bound again. Null when there is no old entry. Rejects with KeychainUnavailable when it cannot
   * be read.
   */
  migrateLegacy(scope: string): Promise<LegacyMigration | null>;
}

const BoundSchema = z.object({ scope: z.string().min(1), key: z.string().min(1) });
const IndexSchema = z.object({
  v: z.literal(1),
  services: z.array(z.object({ scope: z.string().min(1).max(4096), savedAt: z.string().nullable() })),
});

/** The bound form `{"scope", "key"}`, or null when `secret` is not one (the older plain form). */
export function decodeBound(secret: string): { scope: string; key: string } | null {
  try {
    const parsed = BoundSchema.safeParse(JSON.parse(secret));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The saved keys on `keyring`. `now` gives the time a key is saved (tests pass a fixed clock). */
export function createSavedKeys(keyring: Keyring, now: () => Date = () => new Date()): SavedKeys {
  const entry = (scope: string): Keychain => keyring.entry(accountFor(scope));
  const index = keyring.entry(INDEX_ACCOUNT);
  // Index changes are read-modify-write: serialised, so two quick saves cannot drop each other's row.
  let indexChain: Promise<unknown> = Promise.resolve();

  async function readIndex(): Promise<SavedKeyRow[]> {
    const text = await index.get();
    if (text === null) return [];
    try {
      const parsed = IndexSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data.services : [];
    } catch {
      return [];
    }
  }
  function changeIndex(change: (rows: SavedKeyRow[]) => SavedKeyRow[] | null): Promise<void> {
    const next = indexChain.then(async () => {
      const rows = change(await readIndex());
      if (rows !== null) await index.set(JSON.stringify({ v: 1, services: rows }));
    });
    indexChain = next.catch(() => {});
    return next;
  }
  const without = (rows: SavedKeyRow[], scope: string) => rows.filter((r) => r.scope !== scope);

  const saved: SavedKeys = {
    async read(scope) {
      const secret = await entry(scope).get();
      const bound = secret === null ? null : decodeBound(secret);
      return bound !== null && bound.scope === scope ? bound.key : null;
    },
    async save(scope, key) {
      await entry(scope).set(JSON.stringify({ scope, key }));
      const savedAt = now().toISOString();
      await changeIndex((rows) => [...without(rows, scope), { scope, savedAt }]).catch(() => {});
    },
    async remove(scope) {
      await changeIndex((rows) => (rows.some((r) => r.scope === scope) ? without(rows, scope) : null));
      await entry(scope).delete();
    },
    list: () => indexChain.then(readIndex),
    async ensureListed(scope) {
      await changeIndex((rows) => (rows.some((r) => r.scope === scope) ? null : [...rows, { scope, savedAt: null }]))
        // Only the list suffers; the key itself is saved and used.
        .catch(() => {});
    },
    async migrateLegacy(scope) {
      const legacy = keyring.entry(LEGACY_ACCOUNT);
      const secret = await legacy.get();
      if (secret === null) return null;
      const bound = decodeBound(secret);
      const target = bound ?? { scope, key: secret };
      try {
        if (bound === null && (await isSavedAnywhere(secret))) {
          await legacy.delete();
          return null;
        }
        if ((await saved.read(target.scope)) === null) await saved.save(target.scope, target.key);
      } catch {
        // The binding must outlive this launch even so: the old entry keeps the bound form.
        if (bound === null) await legacy.set(JSON.stringify(target)).catch(() => {});
        return { ...target, persisted: false };
      }
      await legacy.delete().catch(async () => {
        // Left in place, a plain key would be bound again by the next launch: keep it bound.
        if (bound === null) await legacy.set(JSON.stringify(target)).catch(() => {});
      });
      return { ...target, persisted: true };
    },
  };

  /** Whether `key` is already saved for one of the listed services. */
  async function isSavedAnywhere(key: string): Promise<boolean> {
    for (const row of await saved.list()) if ((await saved.read(row.scope)) === key) return true;
    return false;
  }
  return saved;
}
