/**
 * One step of the store's schema: the SQL that takes a file from `version - 1` to `version`. A shipped
 * migration is never edited (a file already at its version would never run it again): append a new one.
 */
export interface Migration {
  version: number;
  /** What it adds, in a few words (errors name it). */
  name: string;
  sql: string;
}
