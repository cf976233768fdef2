/**
 * Where the players on this computer came from, as the offline store and the scouting lists name it (a
 * "source"): a service's normalised base URL, or, for the app's embedded local service, `embedded:` and
 * the identity of the database it serves (the service child's `databaseId`), since two local databases
 * number their players alike and must never mix. This is not the key's scope: every embedded database is
 * served by the same local service, whose built-in key changes at every launch, so a key saved for it
 * stays bound to the scope `embedded` (electron/host/keys/key-store.ts) whichever database it serves.
 */

/** What earlier versions recorded for any embedded database: bound to the first one used after the upgrade. */
export const LEGACY_EMBEDDED_SOURCE = 'embedded';

const EMBEDDED_PREFIX = 'embedded:';

/** The source of the embedded local service's database `databaseId`. */
export function embeddedSource(databaseId: string): string {
  return `${EMBEDDED_PREFIX}${databaseId}`;
}

/** Whether `source` names an embedded database (of this version, or the legacy `embedded` of earlier ones). */
export function isEmbeddedSource(source: string): boolean {
  return source === LEGACY_EMBEDDED_SOURCE || source.startsWith(EMBEDDED_PREFIX);
}

/**
 * A source in words for the scout, to say where data not of the service in use came from: `a database
 * of the app’s local service`, or `the service at https://host`.
 */
export function sourceInWords(source: string): string {
  if (isEmbeddedSource(source)) return 'a database of the app’s local service';
  try {
    return `the service at ${new URL(source).origin}`;
  } catch {
    return `the service ${source}`;
  }
}
