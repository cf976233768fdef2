import type { OfflinePlayer, OfflineStatsRow, UnitCommit, UnitRefusal } from '../../../../shared/domain/offline.ts';
import type { StoreClient } from '../../../../store/index.ts';
import { envelopePage, type Fetched, type Fetcher, type Json, PAGE, SyncError } from './fetching.ts';
import type { Unit } from './planning.ts';
import { hasStoreFields, playerFromRecord, recordScope, STORE_PLAYER_FIELDS, statsRowFromRecord } from './records.ts';

/**
 * Fetching team-seasons, one team's seasons of one league at a time (a block): its
 * `/teams/{id}/player-stats` pages for those seasons at once, asking for the player fields the store
 * keeps (`player.position` …), and `/players/{id}` only for players whose record still lacks them and
 * whom the store lacks or holds with another `updatedAt`. A 403 refuses the block's team-seasons,
 * recorded and not fatal.
 */

/** Seasons of one team asked in one request at most: a page of 1000 records holds about 25 of a roster. */
const SEASONS_PER_BLOCK = 25;

/** The stats record fields the store reads, with the player's own fields (the local service honours them). */
const RICH_FIELDS = [
  'id',
  'season',
  'teamName',
  'league.slug',
  'league.name',
  'league.fullName',
  'playerAge',
  'regularStats',
  'postseasonStats',
  'totalStats',
  ...STORE_PLAYER_FIELDS.map((f) => `player.${f}`),
].join(',');
/** The same with the player embedded as the service gives him (spec, "Player": without position, shoots, catches). */
const PLAIN_FIELDS = 'id,player,season,teamName,league,playerAge,regularStats,postseasonStats,totalStats';

/**
 * How a block's pages are asked, most to least specific; a service that refuses a form (400 naming
 * `fields` or `league`, or no parameter) gets the next, and the rows are sorted out by the league and
 * season each record names.
 */
function pageForms(u: Unit, seasons: string, offset: number): Record<string, string>[] {
  const page = { season: seasons, limit: String(PAGE), offset: String(offset) };
  return [
    { league: u.leagueSlug, ...page, fields: RICH_FIELDS },
    { league: u.leagueSlug, ...page, fields: PLAIN_FIELDS },
    { ...page, fields: PLAIN_FIELDS },
  ];
}

/** The player fields of `/players/{id}`: a smaller answer than the default set. */
const PLAYER_QUERY = { fields: STORE_PLAYER_FIELDS.join(',') };

/** Team-seasons of one league and team, fetched together. */
export interface Block {
  units: Unit[];
}

/** The blocks of `units`: by league and team, seasons in order, {@link SEASONS_PER_BLOCK} at most each. */
export function blocksOf(units: readonly Unit[]): Block[] {
  const by = new Map<string, Unit[]>();
  for (const u of units) {
    const k = `${u.leagueSlug}|${u.team.id}`;
    by.set(k, [...(by.get(k) ?? []), u]);
  }
  const out: Block[] = [];
  for (const list of by.values()) {
    list.sort((a, b) => (a.season.slug < b.season.slug ? -1 : 1));
    for (let i = 0; i < list.length; i += SEASONS_PER_BLOCK) out.push({ units: list.slice(i, i + SEASONS_PER_BLOCK) });
  }
  return out;
}

/** What fetching a block needs, shared by every block of one run. */
export interface TeamSeasonContext {
  fetcher: Fetcher;
  store: StoreClient;
  /** Players fetched with `/players/{id}` in this run: one in several blocks at once is fetched once. */
  players: Map<number, Promise<OfflinePlayer | null>>;
  /** Counts a page fetched, and pages newly known. */
  onPage(extraPagesKnown: number): void;
}

/** A player by `/players/{id}`, else (not found, or outside the subscription) as his stats record embeds him. */
async function fetchPlayer(ctx: TeamSeasonContext, id: number, embedded: Json): Promise<OfflinePlayer | null> {
  let r: Fetched;
  try {
    r = await ctx.fetcher.get('player', { id }, PLAYER_QUERY);
  } catch (err) {
    // A player the service no longer has keeps what his stats record says of him.
    if (!(err instanceof SyncError) || err.error.kind !== 'not-found') throw err;
    r = { forbidden: err.error };
  }
  const full = 'body' in r ? (r.body.data as Json) : null;
  return playerFromRecord(full ?? embedded);
}

const refusalsOf = (units: readonly Unit[], message: string): UnitRefusal[] =>
  units.map((u) => ({ leagueSlug: u.leagueSlug, teamId: u.team.id, seasonSlug: u.season.slug, message }));

/** Every record of the block's pages (the first, then the rest at once), or the refusal's message (403). */
async function fetchRecords(ctx: TeamSeasonContext, block: Block): Promise<Json[] | { forbidden: string }> {
  const first = block.units[0] as Unit;
  const seasons = block.units.map((u) => u.season.slug).join(',');
  const page = async (offset: number) => {
    const r = await ctx.fetcher.getFirst(
      'teamPlayerStats',
      'teamPlayerStats',
      { id: first.team.id },
      pageForms(first, seasons, offset),
      ['fields', 'league'],
    );
    return 'forbidden' in r ? { forbidden: r.forbidden.message } : envelopePage(r.body);
  };
  const head = await page(0);
  if ('forbidden' in head) {
    ctx.onPage(0);
    return head;
  }
  const more = Math.max(0, Math.ceil(head.totalRecords / PAGE) - 1);
  ctx.onPage(more);
  const rest = await Promise.all(
    Array.from({ length: more }, async (_, i) => {
      const p = await page((i + 1) * PAGE);
      ctx.onPage(0);
      return p;
    }),
  );
  const refused = rest.find((p) => 'forbidden' in p);
  if (refused !== undefined) return refused as { forbidden: string };
  return [head, ...(rest as { data: Json[] }[])].flatMap((p) => p.data);
}

/** The block's records as stats rows per team-season (by the league and season each names), with each row's player record. */
function rowsByUnit(block: Block, records: readonly Json[]) {
  const first = block.units[0] as Unit;
  const units = new Map(block.units.map((u) => [u.season.slug, { unit: u, rows: [] as OfflineStatsRow[] }]));
  const embedded = new Map<number, Json>();
  for (const rec of records) {
    const scope = recordScope(rec);
    // A record of another league (a service that ignored `league`) belongs to that league's team-season.
    if (scope.league !== null && scope.league !== first.leagueSlug) continue;
    const season = scope.season ?? (block.units.length === 1 ? first.season.slug : null);
    const target = season === null ? undefined : units.get(season);
    if (target === undefined) continue;
    const row = statsRowFromRecord(rec, first.team.id, first.leagueSlug, target.unit.season.slug);
    if (row === null) continue;
    target.rows.push(row);
    embedded.set(row.playerId, (rec.player ?? {}) as Json);
  }
  return { units: [...units.values()], embedded };
}

/** The block's players: as the pages give them when whole, else from `/players/{id}` when the store needs them. */
async function playersOf(ctx: TeamSeasonContext, embedded: Map<number, Json>): Promise<Map<number, OfflinePlayer>> {
  const out = new Map<number, OfflinePlayer>();
  const partial: { id: number; updatedAt: string | null }[] = [];
  for (const [id, rec] of embedded) {
    const whole = hasStoreFields(rec) ? playerFromRecord(rec) : null;
    if (whole !== null) out.set(id, whole);
    else partial.push({ id, updatedAt: typeof rec.updatedAt === 'string' ? rec.updatedAt : null });
  }
  const stale = partial.length === 0 ? [] : await ctx.store.stalePlayers(partial);
  const fetched = await Promise.all(
    stale.map((id) => {
      let p = ctx.players.get(id);
      if (p === undefined) {
        p = fetchPlayer(ctx, id, embedded.get(id) as Json);
        ctx.players.set(id, p);
      }
      return p;
    }),
  );
  for (const p of fetched) if (p !== null) out.set(p.id, p);
  return out;
}

/** Fetches a block whole: a commit per team-season (with the players of its rows), or the refusals (403). */
export async function fetchBlock(
  ctx: TeamSeasonContext,
  block: Block,
): Promise<{ commits: UnitCommit[] } | { refusals: UnitRefusal[] }> {
  const records = await fetchRecords(ctx, block);
  if ('forbidden' in records) return { refusals: refusalsOf(block.units, records.forbidden) };
  const { units, embedded } = rowsByUnit(block, records);
  const players = await playersOf(ctx, embedded);
  const commits = units.map(({ unit, rows }) => {
    const mine = new Map<number, OfflinePlayer>();
    for (const r of rows) {
      const p = players.get(r.playerId);
      if (p !== undefined) mine.set(p.id, p);
    }
    return { ...unit, rows, players: [...mine.values()] };
  });
  return { commits };
}
