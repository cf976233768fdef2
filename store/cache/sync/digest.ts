import { createHash } from 'node:crypto';
import { type PackedUnit, PLAYER_COLUMNS, STAT_COLUMNS } from '../rows.ts';

/**
 * Team-season digests (`sync_digests`, migration 11). A download records, with each team-season it
 * writes, the digest of what it wrote; a re-sync that fetches a team-season with the same digest writes
 * only its checkpoint ({@link HeldUnit}), instead of reading every stored row to compare it. The spec's
 * player-stats operations take no `updatedAt:min` and give no validator, so a re-sync fetches everything
 * again, and this is how it learns cheaply that nothing changed.
 */

// The order of a packed row's leading values (rows.ts statsValues) and the store's columns: a store whose
// columns change (a new one filled by downloads) never matches a digest made for the old ones.
const LAYOUT = JSON.stringify([
  ['id', 'playerId', 'teamId', 'teamName', 'leagueSlug', 'seasonSlug', 'playerAge'],
  STAT_COLUMNS,
  PLAYER_COLUMNS,
]);

/**
 * The digest of a packed team-season (base64url SHA-1 of its league, season, team, rows and players as
 * the store writes them, and of the store's columns). Two fetches with the same digest would write the
 * same values. Not a defence against a hostile service: a collision only leaves the rows as they were.
 */
export function unitDigest(u: Omit<PackedUnit, 'digest'>): string {
  return createHash('sha1')
    .update(LAYOUT)
    .update(JSON.stringify([u.leagueSlug, u.league, u.season, u.team, u.rows, u.players]))
    .digest('base64url');
}

/**
 * A team-season a download fetched exactly as the store last wrote it (its digest is the stored one): the
 * store writes only its checkpoint, with `rowCount` stat lines.
 */
export interface HeldUnit {
  leagueSlug: string;
  teamId: number;
  seasonSlug: string;
  rowCount: number;
}
