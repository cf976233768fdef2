import type { OfflinePlayerListRecord, OfflinePlayersPage } from '../../../shared/domain/offline.ts';
import type { Checked } from '../../../shared/query/list-engine.ts';
import type { ReadableDB } from '../../common/db.ts';
import { envelope } from '../../common/envelope.ts';
import type { PlayerCalls, RawPlayerQuery } from '../api.ts';
import { spellingForgiven } from '../fuzzy.ts';
import { createKeyedPages, inKeyOrder } from '../keyed-pages.ts';
import { type PlayerRow, playerFromRow, type StatsRow, statsFromRow } from '../rows.ts';
import { keptWhileUnchanged, queryKey } from '../unchanged.ts';
import { checkPlayerQuery, type PlayerSql, playerSql } from './query.ts';
import { SEASON_COLUMNS, seasonStatsOf } from './season.ts';

/** Whole years between a YYYY-MM-DD birth date and `today`, or null. */
export function ageOn(dateOfBirth: string | null, today: Date): number | null {
  if (dateOfBirth === null || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return null;
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/**
 * A search matching at least this many players has its page read down the sort's index (each player
 * tested) rather than every match read and sorted: the index walk costs about the page's depth times
 * the share of players not matched, the other way the number of matches.
 */
const PROBE_FROM = 2000;
/** Pages ending deeper than this are read the usual way (keyed pages). */
const PROBE_DEPTH = 1000;

/** Filters (query texts with their values) whose count of players is kept: a scout's recent ones. */
const COUNTS_KEPT = 64;

/** The players calls of the store (api.ts), and the page of an export. */
export interface PlayerReads extends PlayerCalls {
  /**
   * {@link PlayerCalls.listPlayers} for an export, which reads every page of the list: a list SQLite
   * sorts is read by key from its first page on (keyed-pages.ts).
   */
  exportPage(query: RawPlayerQuery, today?: Date): Checked<OfflinePlayersPage>;
}

/** The players list and the player page, answered from the store's rows; and the page of an export. */
export function createPlayerCalls(db: ReadableDB): PlayerReads {
  const keyed = createKeyedPages(db);
  const counts = keptWhileUnchanged<number>(db, COUNTS_KEPT);
  const everyPlayer = 'SELECT COUNT(*) AS n FROM players';

  /**
   * Whether a page ending at `depth` of a query whose filters keep `total` players is read by walking its
   * sort's index past the height and weight ranges ({@link PlayerSql.walkWhere}). The walk meets about
   * `depth × players / total` players before its page is full; the range's index reads every player it
   * keeps (`total` at most) and sorts them. An export reads every page by the one plan.
   */
  function walkRanges(
    q: PlayerSql,
    total: number,
    depth: number,
    everyPage: boolean,
  ): q is PlayerSql & { walkWhere: string } {
    if (q.walkWhere === null || everyPage) return false;
    const players = counts.get(queryKey(everyPlayer, []), () => db.query<{ n: number }>(everyPlayer).get()?.n ?? 0);
    return total * total > depth * players;
  }

  /** A page of players; `everyPage` when the caller reads every page (an export). */
  function list(raw: RawPlayerQuery, today: Date, everyPage: boolean): Checked<OfflinePlayersPage> {
    const checked = checkPlayerQuery(raw);
    if (!checked.ok) return checked;
    const query = checked.value;
    // A search reads the search rows as the last derivation after a download wrote them (cache/derive.ts).
    const fuzzy = query.q === undefined ? null : spellingForgiven(db, query.q);
    const q = playerSql(query, today, fuzzy);
    const only = q.searchOnly;
    // Counted once per filter while nothing is written: another sort or page of the same filter reuses it.
    const count =
      only === null
        ? { sql: `SELECT COUNT(*) AS n FROM players p ${q.where}`, params: q.params }
        : { sql: only.count, params: only.params };
    const total = counts.get(
      queryKey(count.sql, count.params),
      () => db.query<{ n: number }>(count.sql).get(...count.params)?.n ?? 0,
    );
    // A search matching many players reads its page down the name index, testing each player.
    const depth = query.offset + query.limit;
    let where = q.where;
    if (only !== null && only.probeWhere !== null && total >= PROBE_FROM && depth <= PROBE_DEPTH)
      where = only.probeWhere;
    else if (walkRanges(q, total, depth, everyPage)) where = q.walkWhere;
    type Row = PlayerRow & Record<string, unknown>;
    let rows: Row[];
    const pageSql = `SELECT p.*, ${SEASON_COLUMNS} FROM players p ${q.join} ${where} ${q.orderBy} LIMIT ? OFFSET ?`;
    const pageParams = [...q.joinParams, ...q.params, query.limit, query.offset];
    const read = keyed.read(pageSql, pageParams, query.offset, query.limit, everyPage ? { total } : undefined);
    if (read === 'offset') {
      rows = db.query<Row>(pageSql).all(...pageParams);
    } else {
      // By key (keyed-pages.ts): the season line's join stays, it may be the sort.
      const keys = keyed.slice(
        `SELECT p.id AS k FROM players p ${q.join} ${where} ${q.orderBy}`,
        [...q.joinParams, ...q.params],
        query.offset,
        query.limit,
        read,
      );
      const found = db
        .query<Row>(
          `SELECT p.*, ${SEASON_COLUMNS} FROM players p ${q.join} WHERE p.id IN (SELECT value FROM json_each(?))`,
        )
        .all(...q.joinParams, JSON.stringify(keys));
      rows = inKeyOrder(keys, found, (r) => r.id);
    }
    const data = rows.map(
      (r): OfflinePlayerListRecord => ({
        ...playerFromRow(r),
        age: ageOn(r.dateOfBirth, today),
        latestSeason: r.latestSeason,
        latestTeam: r.latestTeamId === null ? null : { id: r.latestTeamId, name: r.latestTeamName },
        seasonStats: seasonStatsOf(r),
      }),
    );
    const page = envelope(data, query.offset, query.limit, total);
    if (fuzzy === null) return { ok: true, value: page };
    return { ok: true, value: { ...page, spellingForgiven: true, ...(q.closestFirst ? { closestFirst: true } : {}) } };
  }

  return {
    listPlayers: (raw, today = new Date()) => list(raw, today, false),
    exportPage: (raw, today = new Date()) => list(raw, today, true),
    player(id, today = new Date()) {
      const r = db.query<PlayerRow, [number]>('SELECT * FROM players WHERE id = ?').get(id);
      if (r === undefined) return null;
      const p = playerFromRow(r);
      const stats = db
        .query<StatsRow, [number]>('SELECT * FROM player_stats WHERE playerId = ? ORDER BY seasonSlug DESC, id DESC')
        .all(id)
        .map(statsFromRow);
      return { ...p, age: ageOn(p.dateOfBirth, today), stats };
    },
  };
}
