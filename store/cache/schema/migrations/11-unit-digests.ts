import type { Migration } from '../../../common/migration.ts';

/**
 * The digest of each team-season as a download last wrote it (store/cache/sync/digest.ts): a re-sync that fetches
 * a team-season whose digest is the same writes only its checkpoint, without reading its stored rows to
 * compare them. Kept apart from `sync_units`, which a re-sync clears at its start. Empty at first: the next
 * download of each team-season compares its rows as before and records the digest.
 * A later migration that rewrites synced rows must clear this table, or a re-sync would keep its rows.
 */
export const migration: Migration = {
  version: 11,
  name: 'team-season digests',
  sql: `
CREATE TABLE sync_digests (
  leagueSlug TEXT NOT NULL,
  teamId INTEGER NOT NULL,
  seasonSlug TEXT NOT NULL,
  digest TEXT NOT NULL,
  PRIMARY KEY (leagueSlug, teamId, seasonSlug)
) WITHOUT ROWID;
`,
};
