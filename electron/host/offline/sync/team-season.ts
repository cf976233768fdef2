import type { OfflinePlayer, OfflineStatsRow, UnitCommit, UnitRefusal } from '../../../../shared/offline.ts';
import type { StoreClient } from '../../../../store/index.ts';
import { envelopePage, type Fetched, type Fetcher, type Json, PAGE, SyncError } from './fetching.ts';
import type { Unit } from './planning.ts';
import { playerFromRecord, statsRowFromRecord } from './records.ts';

/**
 * Fetching one team-season: its `/teams/{id}/player-stats?season=…` pages, then `/players/{id}` for the
 * players the store lacks or whose `updatedAt` changed (the player embedded in a stats record lacks
 * position, shoots and catches). A 403 on the team-season is a refusal, recorded and not fatal.
 */

/** The Player fields the store keeps: a smaller answer than the default set. */
const PLAYER_FIELDS =
  'id,name,firstName,lastName,position,detailedPosition,draftSelection,nationality,dateOfBirth,yearOfBirth,height,weight,shoots,catches,updatedAt,agencies';
const STATS_FIELDS = 'id,player,season,teamName,league,playerAge,regularStats,postseasonStats,totalStats';

/** What fetching a team-season needs, shared by every team-season of one run. */
export interface TeamSeasonContext {
  fetcher: Fetcher;
  store: StoreClient;
  /** Players fetched in this run: a player in several team-seasons at once is fetched once. */
  players: Map<number, Promise<OfflinePlayer | null>>;
  /** Counts a page fetched, pages newly known, and a player fetched with `/players/{id}`. */
  onPage(extraPagesKnown: number): void;
  onPlayerFetched(): void;
}

/** A player by `/players/{id}`, else (not found, or outside the subscription) as his stats record embeds him. */
async function fetchPlayer(ctx: TeamSeasonContext, id: number, embedded: Json): Promise<OfflinePlayer | null> {
  let r: Fetched;
  try {
    r = await ctx.fetcher.get('player', { id }, { fields: PLAYER_FIELDS });
  } catch (err) {
    // A player the service no longer has keeps what his stats record says of him.
    if (!(err instanceof SyncError) || err.error.kind !== 'not-found') throw err;
    r = { forbidden: err.error };
  }
  const full = 'body' in r ? (r.body.data as Json) : null;
  if (full !== null) ctx.onPlayerFetched();
  return playerFromRecord(full ?? embedded);
}

/** Every stats row of the team-season and the player each embeds, or the refusal (403). */
async function fetchRows(
  ctx: TeamSeasonContext,
  u: Unit,
): Promise<{ rows: OfflineStatsRow[]; embedded: Map<number, Json> } | { refusal: UnitRefusal }> {
  const rows: OfflineStatsRow[] = [];
  const embedded = new Map<number, Json>();
  for (let offset = 0; ; offset += PAGE) {
    const r = await ctx.fetcher.get(
      'teamPlayerStats',
      { id: u.team.id },
      { season: u.season.slug, fields: STATS_FIELDS, limit: String(PAGE), offset: String(offset) },
    );
    if ('forbidden' in r) {
      ctx.onPage(0);
      return {
        refusal: {
          leagueSlug: u.leagueSlug,
          teamId: u.team.id,
          seasonSlug: u.season.slug,
          message: r.forbidden.message,
        },
      };
    }
    const page = envelopePage(r.body);
    for (const rec of page.data) {
      const row = statsRowFromRecord(rec, u.team.id, u.season.slug);
      if (row === null) continue;
      rows.push(row);
      embedded.set(row.playerId, rec.player as Json);
    }
    ctx.onPage(offset === 0 ? Math.max(0, Math.ceil(page.totalRecords / PAGE) - 1) : 0);
    if (offset + PAGE >= page.totalRecords || page.data.length === 0) return { rows, embedded };
  }
}

/** Fetches a team-season whole: the commit to write, or the refusal the service answered. */
export async function fetchTeamSeason(
  ctx: TeamSeasonContext,
  u: Unit,
): Promise<{ commit: UnitCommit } | { refusal: UnitRefusal }> {
  const fetched = await fetchRows(ctx, u);
  if ('refusal' in fetched) return fetched;
  const { rows, embedded } = fetched;
  const stale = await ctx.store.stalePlayers(
    [...embedded].map(([id, p]) => ({ id, updatedAt: typeof p?.updatedAt === 'string' ? p.updatedAt : null })),
  );
  const players = await Promise.all(
    stale.map((id) => {
      let p = ctx.players.get(id);
      if (p === undefined) {
        p = fetchPlayer(ctx, id, embedded.get(id) as Json);
        ctx.players.set(id, p);
      }
      return p;
    }),
  );
  return { commit: { ...u, rows, players: players.filter((p): p is OfflinePlayer => p !== null) } };
}
