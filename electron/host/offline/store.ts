import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { ListEnvelope } from '../../../shared/envelope.ts';
import type {
  OfflinePlayer,
  OfflinePlayerDetail,
  OfflinePlayerListRecord,
  OfflineStatsRow,
  StatLine,
  SyncStateRow,
  UnitCommit,
  UnitRefusal,
} from '../../../shared/offline.ts';
import { createListsStore, type ListsStore } from './lists-store.ts';
import { ageOn, type PlayerQuery, playerSql } from './player-query.ts';
import { migrate, probeFts5, STAT_BLOCKS, STAT_KEYS, statColumn } from './schema.ts';

/**
 * The offline store over one SQLite file, synchronous (node:sqlite): it runs inside the store worker
 * (store-worker.ts), never on the host's main thread. Every write of a team-season is one transaction
 * that also writes its checkpoint, so a stop or crash loses nothing committed; rows are upserted by
 * the service's ids, so a resumed sync duplicates nothing.
 */
export interface Store extends ListsStore {
  /** The base URL the rows came from, or null when empty. */
  baseUrl(): string | null;
  /** Deletes everything synced when `baseUrl` differs from the one the rows came from, then records it. */
  adoptBaseUrl(baseUrl: string): { cleared: boolean };
  /**
   * Of these players (as a stats record embeds them), those to fetch with `/players/{id}`: without a
   * row, or whose stored `updatedAt` differs from the record's. A record without `updatedAt` counts as
   * unchanged once the player is stored.
   */
  stalePlayers(players: { id: number; updatedAt: string | null }[]): number[];
  /** `leagueSlug|teamId|seasonSlug` of every team-season checkpointed (done or refused). */
  doneUnits(): string[];
  commitUnit(unit: UnitCommit): void;
  /**
   * Writes several team-seasons in one transaction, each with its checkpoint: all of them or none, so a
   * stop or crash loses only team-seasons not yet checkpointed, which a resumed download fetches again.
   */
  commitUnits(units: UnitCommit[]): void;
  refuseUnit(refusal: UnitRefusal): void;
  /** Forgets the checkpoints of these league-seasons so the next sync fetches them again. */
  forgetUnits(leagueSlug: string, seasons: string[]): void;
  /**
   * Starts syncing these league-seasons again: forgets their checkpoints and marks them in progress (their
   * last sync time stays), in one transaction, so a re-sync stopped midway resumes where it stopped.
   */
  beginResync(leagueSlug: string, seasons: string[]): void;
  /** Records a finished sync of these league-seasons (and clears their in-progress mark). */
  markSynced(leagueSlug: string, seasons: string[], baseUrl: string, at: string): void;
  syncState(): SyncStateRow[];
  refusals(): UnitRefusal[];
  counts(): { leagues: number; seasons: number; teams: number; players: number; playerStats: number };
  listPlayers(query: PlayerQuery, today?: Date): ListEnvelope<OfflinePlayerListRecord>;
  player(id: number, today?: Date): OfflinePlayerDetail | null;
  close(): void;
}

const STAT_COLS = STAT_BLOCKS.flatMap((b) => STAT_KEYS.map((k) => statColumn(b, k)));

/** Opens (creating and migrating) the store at `file`. Throws a plain error when FTS5 is missing. */
export function openStore(file: string): Store {
  const db = new DatabaseSync(file);
  try {
    // A larger page cache keeps the indexes and the search table's pages in memory while a download
    // writes; the WAL is checkpointed every 2000 pages and cut back to 8 MiB after.
    db.exec(
      'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = OFF; PRAGMA cache_size = -65536; PRAGMA wal_autocheckpoint = 2000; PRAGMA journal_size_limit = 8388608;',
    );
    probeFts5(db);
    migrate(db);
  } catch (err) {
    db.close();
    throw err;
  }
  const cache = new Map<string, StatementSync>();
  const stmt = (sql: string): StatementSync => {
    let s = cache.get(sql);
    if (s === undefined) {
      s = db.prepare(sql);
      cache.set(sql, s);
    }
    return s;
  };
  const tx = (fn: () => void) => {
    db.exec('BEGIN IMMEDIATE');
    try {
      fn();
      db.exec('COMMIT');
    } catch (err) {
      db.exec('ROLLBACK');
      throw err;
    }
  };

  const upsertStats = `INSERT INTO player_stats (id, playerId, teamId, teamName, leagueSlug, seasonSlug, playerAge, ${STAT_COLS.join(', ')})
    VALUES (${new Array(7 + STAT_COLS.length).fill('?').join(', ')})
    ON CONFLICT (id) DO UPDATE SET ${['playerId', 'teamId', 'teamName', 'leagueSlug', 'seasonSlug', 'playerAge', ...STAT_COLS].map((c) => `${c} = excluded.${c}`).join(', ')}`;
  const upsertPlayer = `INSERT INTO players (id, name, firstName, lastName, position, nationalitySlug, nationalityName, dateOfBirth, yearOfBirth, heightCm, weightKg, shoots, catches, updatedAt, agencyId, agencyName)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, firstName = excluded.firstName, lastName = excluded.lastName,
      position = excluded.position, nationalitySlug = excluded.nationalitySlug, nationalityName = excluded.nationalityName,
      dateOfBirth = excluded.dateOfBirth, yearOfBirth = excluded.yearOfBirth, heightCm = excluded.heightCm,
      weightKg = excluded.weightKg, shoots = excluded.shoots, catches = excluded.catches, updatedAt = excluded.updatedAt,
      agencyId = excluded.agencyId, agencyName = excluded.agencyName`;

  /** The separator of team names in a search row. */
  const TEAM_SEP = ' | ';

  /**
   * Rewrites a player's search row (his name and every team name he has a row with), unless it already
   * holds his name and every name of `addedTeams`: a new season with a team he already played for changes
   * nothing, and rewriting an FTS5 row is most of a commit's work. `addedTeams` null: always rewrite.
   */
  function reindexPlayer(id: number, addedTeams: Set<string> | null) {
    const p = stmt('SELECT name FROM players WHERE id = ?').get(id) as { name: string } | undefined;
    if (p !== undefined && addedTeams !== null) {
      const cur = stmt('SELECT name, teamNames FROM player_search WHERE rowid = ?').get(id) as
        | { name: string; teamNames: string }
        | undefined;
      if (cur !== undefined && cur.name === p.name) {
        const indexed = new Set(cur.teamNames === '' ? [] : cur.teamNames.split(TEAM_SEP));
        if ([...addedTeams].every((t) => indexed.has(t))) return;
      }
    }
    stmt('DELETE FROM player_search WHERE rowid = ?').run(id);
    if (p === undefined) return;
    const teams = stmt('SELECT DISTINCT teamName FROM player_stats WHERE playerId = ? AND teamName IS NOT NULL').all(
      id,
    ) as { teamName: string }[];
    stmt('INSERT INTO player_search (rowid, name, teamNames) VALUES (?, ?, ?)').run(
      id,
      p.name,
      teams.map((t) => t.teamName).join(TEAM_SEP),
    );
  }

  function playerFromRow(r: Record<string, unknown>): OfflinePlayer {
    return {
      id: r.id as number,
      name: r.name as string,
      firstName: r.firstName as string | null,
      lastName: r.lastName as string | null,
      position: r.position as string | null,
      nationality:
        r.nationalitySlug === null
          ? null
          : { slug: r.nationalitySlug as string, name: r.nationalityName as string | null },
      dateOfBirth: r.dateOfBirth as string | null,
      yearOfBirth: r.yearOfBirth as number | null,
      height: { metrics: r.heightCm as number | null },
      weight: { metrics: r.weightKg as number | null },
      shoots: r.shoots as string | null,
      catches: r.catches as string | null,
      updatedAt: r.updatedAt as string | null,
      agency: r.agencyId == null ? null : { id: r.agencyId as number, name: r.agencyName as string | null },
    };
  }

  function statsFromRow(r: Record<string, unknown>): OfflineStatsRow {
    const block = (b: (typeof STAT_BLOCKS)[number]): StatLine => {
      const out: StatLine = {};
      for (const k of STAT_KEYS) out[k] = r[statColumn(b, k)] as number | null;
      return out;
    };
    return {
      id: r.id as number,
      playerId: r.playerId as number,
      team: { id: r.teamId as number, name: r.teamName as string | null },
      leagueSlug: r.leagueSlug as string | null,
      season: r.seasonSlug as string,
      playerAge: r.playerAge as number | null,
      regularStats: block('regularStats'),
      postseasonStats: block('postseasonStats'),
      totalStats: block('totalStats'),
    };
  }

  /** Writes one team-season: its league, season, team, players and rows, and its checkpoint. */
  function writeUnit(unit: UnitCommit) {
    stmt(
      'INSERT INTO leagues (slug, name, fullName) VALUES (?, ?, ?) ON CONFLICT (slug) DO UPDATE SET name = excluded.name, fullName = excluded.fullName',
    ).run(unit.league.slug, unit.league.name, unit.league.fullName);
    stmt('INSERT INTO seasons (slug, startYear, endYear) VALUES (?, ?, ?) ON CONFLICT (slug) DO NOTHING').run(
      unit.season.slug,
      unit.season.startYear,
      unit.season.endYear,
    );
    stmt(
      'INSERT INTO teams (id, name, leagueSlug) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name, leagueSlug = excluded.leagueSlug',
    ).run(unit.team.id, unit.team.name, unit.leagueSlug);
    const pl = stmt(upsertPlayer);
    for (const p of unit.players) {
      pl.run(
        p.id,
        p.name,
        p.firstName,
        p.lastName,
        p.position,
        p.nationality?.slug ?? null,
        p.nationality?.name ?? null,
        p.dateOfBirth,
        p.yearOfBirth,
        p.height.metrics,
        p.weight.metrics,
        p.shoots,
        p.catches,
        p.updatedAt,
        p.agency?.id ?? null,
        p.agency?.name ?? null,
      );
    }
    // A team-season fetched again replaces its rows: records the service no longer has go.
    const kept = new Set(unit.rows.map((r) => r.id));
    const gone = (
      stmt('SELECT id, playerId FROM player_stats WHERE teamId = ? AND seasonSlug = ?').all(
        unit.team.id,
        unit.season.slug,
      ) as { id: number; playerId: number }[]
    ).filter((r) => !kept.has(r.id));
    const del = stmt('DELETE FROM player_stats WHERE id = ?');
    for (const r of gone) del.run(r.id);
    const st = stmt(upsertStats);
    for (const r of unit.rows) {
      const values: (number | string | null)[] = [
        r.id,
        r.playerId,
        r.team.id,
        r.team.name,
        r.leagueSlug,
        r.season,
        r.playerAge,
      ];
      for (const b of STAT_BLOCKS) for (const k of STAT_KEYS) values.push(r[b][k] ?? null);
      st.run(...values);
    }
    // Per player: the team names this commit gives him; players who lost a row are indexed afresh.
    const added = new Map<number, Set<string> | null>();
    for (const p of unit.players) if (!added.has(p.id)) added.set(p.id, new Set());
    for (const r of unit.rows) {
      const set = added.get(r.playerId) ?? new Set<string>();
      if (r.team.name !== null) set.add(r.team.name);
      added.set(r.playerId, set);
    }
    for (const r of gone) added.set(r.playerId, null);
    const touched = added.keys();
    const latest = stmt(
      `UPDATE players SET (latestSeason, latestTeamId, latestTeamName) = (
           SELECT s.seasonSlug, s.teamId, s.teamName FROM player_stats s WHERE s.playerId = players.id
           ORDER BY s.seasonSlug DESC, s.id DESC LIMIT 1) WHERE id = ?`,
    );
    for (const id of touched) {
      latest.run(id);
      reindexPlayer(id, added.get(id) ?? null);
    }
    stmt(
      `INSERT INTO sync_units (leagueSlug, teamId, seasonSlug, status, rowCount, message, doneAt) VALUES (?, ?, ?, 'done', ?, NULL, ?)
         ON CONFLICT (leagueSlug, teamId, seasonSlug) DO UPDATE SET status = 'done', rowCount = excluded.rowCount, message = NULL, doneAt = excluded.doneAt`,
    ).run(unit.leagueSlug, unit.team.id, unit.season.slug, unit.rows.length, new Date().toISOString());
  }
  const meta = (key: string): string | null =>
    (stmt('SELECT value FROM store_meta WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null;

  return {
    ...createListsStore(stmt, tx),
    baseUrl: () => meta('baseUrl'),

    adoptBaseUrl(baseUrl) {
      const current = meta('baseUrl');
      if (current === baseUrl) return { cleared: false };
      tx(() => {
        for (const t of [
          'leagues',
          'seasons',
          'teams',
          'players',
          'player_stats',
          'sync_state',
          'sync_units',
          'player_search',
        ]) {
          db.exec(`DELETE FROM ${t}`);
        }
        stmt(
          'INSERT INTO store_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        ).run('baseUrl', baseUrl);
      });
      return { cleared: current !== null };
    },

    stalePlayers(players) {
      const s = stmt('SELECT updatedAt FROM players WHERE id = ?');
      return players
        .filter((p) => {
          const row = s.get(p.id) as { updatedAt: string | null } | undefined;
          return row === undefined || (p.updatedAt !== null && row.updatedAt !== p.updatedAt);
        })
        .map((p) => p.id);
    },

    doneUnits() {
      return (
        stmt('SELECT leagueSlug, teamId, seasonSlug FROM sync_units').all() as {
          leagueSlug: string;
          teamId: number;
          seasonSlug: string;
        }[]
      ).map((u) => `${u.leagueSlug}|${u.teamId}|${u.seasonSlug}`);
    },

    commitUnit(unit) {
      tx(() => writeUnit(unit));
    },

    commitUnits(units) {
      tx(() => {
        for (const unit of units) writeUnit(unit);
      });
    },

    refuseUnit(r) {
      stmt(
        `INSERT INTO sync_units (leagueSlug, teamId, seasonSlug, status, rowCount, message, doneAt) VALUES (?, ?, ?, 'forbidden', 0, ?, ?)
         ON CONFLICT (leagueSlug, teamId, seasonSlug) DO UPDATE SET status = 'forbidden', message = excluded.message, doneAt = excluded.doneAt`,
      ).run(r.leagueSlug, r.teamId, r.seasonSlug, r.message, new Date().toISOString());
    },

    forgetUnits(leagueSlug, seasons) {
      const s = stmt('DELETE FROM sync_units WHERE leagueSlug = ? AND seasonSlug = ?');
      tx(() => {
        for (const season of seasons) s.run(leagueSlug, season);
      });
    },

    beginResync(leagueSlug, seasons) {
      const forget = stmt('DELETE FROM sync_units WHERE leagueSlug = ? AND seasonSlug = ?');
      const mark = stmt('UPDATE sync_state SET inProgress = 1 WHERE leagueSlug = ? AND seasonSlug = ?');
      tx(() => {
        for (const season of seasons) {
          forget.run(leagueSlug, season);
          mark.run(leagueSlug, season);
        }
      });
    },

    markSynced(leagueSlug, seasons, baseUrl, at) {
      const s = stmt(
        `INSERT INTO sync_state (leagueSlug, seasonSlug, baseUrl, syncedAt, inProgress) VALUES (?, ?, ?, ?, 0)
         ON CONFLICT (leagueSlug, seasonSlug) DO UPDATE SET baseUrl = excluded.baseUrl, syncedAt = excluded.syncedAt, inProgress = 0`,
      );
      tx(() => {
        for (const season of seasons) s.run(leagueSlug, season, baseUrl, at);
      });
    },

    syncState() {
      const rows = stmt(
        `SELECT st.leagueSlug, l.name AS leagueName, st.seasonSlug, st.baseUrl, st.syncedAt, st.inProgress,
           (SELECT COALESCE(SUM(u.rowCount), 0) FROM sync_units u WHERE u.leagueSlug = st.leagueSlug AND u.seasonSlug = st.seasonSlug AND u.status = 'done') AS rows
         FROM sync_state st LEFT JOIN leagues l ON l.slug = st.leagueSlug ORDER BY st.leagueSlug, st.seasonSlug`,
      ).all() as (Omit<SyncStateRow, 'inProgress'> & { inProgress: number })[];
      return rows.map((r) => ({ ...r, inProgress: r.inProgress === 1 }));
    },

    refusals() {
      return stmt(
        "SELECT leagueSlug, teamId, seasonSlug, message FROM sync_units WHERE status = 'forbidden' ORDER BY leagueSlug, seasonSlug, teamId",
      ).all() as unknown as UnitRefusal[];
    },

    counts() {
      const n = (t: string) => (stmt(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n;
      return {
        leagues: n('leagues'),
        seasons: n('seasons'),
        teams: n('teams'),
        players: n('players'),
        playerStats: n('player_stats'),
      };
    },

    listPlayers(query, today = new Date()) {
      const q = playerSql(query, today);
      const total = (stmt(`SELECT COUNT(*) AS n FROM players p ${q.where}`).get(...q.params) as { n: number }).n;
      const rows = stmt(`SELECT p.* FROM players p ${q.where} ${q.orderBy} LIMIT ? OFFSET ?`).all(
        ...q.params,
        q.limit,
        q.offset,
      ) as Record<string, unknown>[];
      const data = rows.map(
        (r): OfflinePlayerListRecord => ({
          ...playerFromRow(r),
          age: ageOn(r.dateOfBirth as string | null, today),
          latestSeason: r.latestSeason as string | null,
          latestTeam:
            r.latestTeamId === null ? null : { id: r.latestTeamId as number, name: r.latestTeamName as string | null },
        }),
      );
      return envelope(data, q.offset, q.limit, total);
    },

    player(id, today = new Date()) {
      const r = stmt('SELECT * FROM players WHERE id = ?').get(id) as Record<string, unknown> | undefined;
      if (r === undefined) return null;
      const p = playerFromRow(r);
      const stats = (
        stmt('SELECT * FROM player_stats WHERE playerId = ? ORDER BY seasonSlug DESC, id DESC').all(id) as Record<
          string,
          unknown
        >[]
      ).map(statsFromRow);
      return { ...p, age: ageOn(p.dateOfBirth, today), stats };
    },

    close() {
      db.close();
    },
  };
}

/**
 * The spec's pagination envelope for an answer of the store. Links are null: the store has no
 * addresses, and the renderer pages by offset (shared/query.ts).
 */
function envelope<T>(data: T[], offset: number, limit: number, totalRecords: number): ListEnvelope<T> {
  return {
    _meta: { generatedAt: new Date().toISOString(), offset, limit, totalRecords },
    _links: { first: null, last: null, prev: null, next: null },
    data,
  };
}
