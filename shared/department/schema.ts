/**
 * The version of the department server's schema this Rinkside knows: the number of the newest migration in
 * department/migrations/ (a test checks they agree). The server records what it has in
 * `rinkside.schema_migrations` and answers `rinkside.schema_version()`.
 */
export const SCHEMA_VERSION = 8;

/**
 * Why this app cannot sync with a server at schema `server`, in one plain sentence; null when it can.
 * A newer server pauses sync (the app keeps working alone); an older or empty one needs its admin.
 */
export function schemaProblem(server: number, known: number = SCHEMA_VERSION): string | null {
  if (server === known) return null;
  if (server > known) {
    return `The department's server was set up by a newer Rinkside (schema ${server}; this one knows up to ${known}). Sync is paused; everything works on this computer.`;
  }
  if (server === 0) {
    return "The department's server is not set up yet: its admin runs `npm run department -- init`. Sync is paused; everything works on this computer.";
  }
  return `The department's server has an older schema (${server}; this Rinkside needs ${known}): its admin runs \`npm run department -- init\` to update it. Sync is paused; everything works on this computer.`;
}
