import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { LRUCache } from 'lru-cache';
import type { Statements } from '../../../query/statements.ts';
import type { LinkContext, RequestContext } from '../../../query/types.ts';
import { markImmutable } from '../json/json-text.ts';
import {
  agencyRecord,
  arenaRecord,
  countryRecord,
  leagueRecord,
  playerRecord,
  staffRecord,
  teamRecord,
} from '../shapes/build.ts';
import type { AgencyRow, ArenaRow, CountryRow, LeagueRow, PlayerRow, StaffRow, TeamRow } from '../shapes/rows.ts';
import { agencyClientCounts } from './agency-clients.ts';

type Rec = Record<string, unknown>;
type Key = string | number;
type Memo = Map<string, Map<Key, Rec | null>>;

/** Each kind of nested record: the table its rows come from and the column its keys name. */
const SOURCES = {
  country: ['countries', 'slug'],
  league: ['leagues', 'slug'],
  arena: ['arenas', 'id'],
  team: ['teams', 'id'],
  staff: ['staff', 'id'],
  agency: ['agencies', 'id'],
  player: ['players', 'id'],
} as const satisfies Record<string, readonly [string, 'id' | 'slug']>;
type Kind = keyof typeof SOURCES;

/**
 * Kinds whose built records are kept for the life of the connection, not just one request: the
 * database is opened read-only, so a team, league (with its country and team count), arena or country
 * never changes while it is served, and most records embed them (a few thousand records per context).
 * Records embed links with the caller's origin and `apiKey`, so they are kept per link context.
 */
const SHARED_KINDS: ReadonlySet<string> = new Set(['country', 'league', 'arena', 'team']);
/** At most this many link contexts (origin × key) per connection; past it the cache starts over. */
const MAX_SHARED_CONTEXTS = 16;
const sharedMemos = new WeakMap<DatabaseSync, Map<string, Memo>>();
/** Distinct `fields` sets whose team projections are kept per context (see Loader.teamsFromRows). */
const MAX_TEAM_PROJECTIONS = 16;
/** Kept team projections per context memo: field set → whole team record → its projection. */
const teamProjections = new WeakMap<Memo, Map<string, WeakMap<Rec, Rec>>>();

/**
 * Kinds kept for the life of the connection in a bounded cache ({@link PEOPLE_MAX} records in all):
 * players (150,000 on `large`) and staff are too many to keep every one served. Their records carry
 * `age`, which changes at midnight (UTC), so the cache starts over when the date changes.
 */
const PEOPLE_KINDS: ReadonlySet<string> = new Set(['player', 'staff']);
/** Players and staff kept per connection (all link contexts together); a built player embeds his teams. */
const PEOPLE_MAX = 10_000;
/** A kept person, boxed: `rec` null records that the id has no row (lru-cache holds no null). */
type PeopleCache = LRUCache<string, { rec: Rec | null }>;
const peopleCaches = new WeakMap<DatabaseSync, { date: string; lru: PeopleCache }>();

/** The connection's bounded cache of built players and staff, for today's date (UTC). */
function peopleCache(db: DatabaseSync): PeopleCache {
  const date = new Date().toISOString().slice(0, 10);
  let c = peopleCaches.get(db);
  if (!c || c.date !== date) {
    c = { date, lru: new LRUCache({ max: PEOPLE_MAX }) };
    peopleCaches.set(db, c);
  }
  return c.lru;
}

/** The connection-wide memo of the shared kinds for one link context. */
function sharedMemo(db: DatabaseSync, l: LinkContext): Memo {
  let byContext = sharedMemos.get(db);
  if (!byContext) {
    byContext = new Map();
    sharedMemos.set(db, byContext);
  }
  const key = `${l.origin}\n${l.apiKey ?? ''}`;
  let memo = byContext.get(key);
  if (!memo) {
    if (byContext.size >= MAX_SHARED_CONTEXTS) byContext.clear();
    memo = new Map();
    byContext.set(key, memo);
  }
  return memo;
}

/**
 * Batch loader of nested records for one page: each method takes the keys the page references,
 * fetches the missing ones in one query (`IN (SELECT value FROM json_each(?))`), builds them once
 * and memoises them for the rest of the request. Never loads a whole table.
 */
export class Loader {
  private readonly db: DatabaseSync;
  private readonly stmts: Statements;
  private readonly l: LinkContext;
  private readonly memo: Memo = new Map();
  private readonly shared: Memo;
  private readonly people: PeopleCache;
  /** Prefix of {@link people} keys: records embed links with the caller's origin and `apiKey`. */
  private readonly peoplePrefix: string;

  constructor(db: DatabaseSync, stmts: Statements, links: LinkContext) {
    this.db = db;
    this.stmts = stmts;
    this.l = links;
    this.shared = sharedMemo(db, links);
    this.people = peopleCache(db);
    this.peoplePrefix = `${links.origin}\n${links.apiKey ?? ''}\n`;
  }

  /**
   * The memo of one kind of record: per request, or per connection for SHARED_KINDS. Built records are
   * shared by everything that embeds them: never mutate them.
   */
  private kindMemo(kind: string): Map<Key, Rec | null> {
    const memo = SHARED_KINDS.has(kind) ? this.shared : this.memo;
    let m = memo.get(kind);
    if (!m) {
      m = new Map();
      memo.set(kind, m);
    }
    return m;
  }

  /** Rows of `table` whose `column` is one of `keys` (one query). */
  rows<R>(table: string, column: string, keys: readonly Key[]): R[] {
    if (keys.length === 0) return [];
    return this.stmts
      .get(`SELECT * FROM ${table} WHERE ${column} IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(keys) as SQLInputValue) as R[];
  }

  /**
   * The records of `kind` for `keys` (null for a key without a row): memoised ones as they are, the
   * missing ones fetched from the kind's table ({@link SOURCES}) in one query and built by `build`, a
   * record per row in the rows' order.
   */
  private batch<R>(kind: Kind, keys: readonly (Key | null)[], build: (rows: R[]) => Rec[]): Map<Key, Rec | null> {
    const [table, column] = SOURCES[kind];
    const fetch = (missing: Key[]) => this.rows<R>(table, column, missing);
    const keyOf = (r: R) => (r as Record<string, Key>)[column] as Key;
    if (PEOPLE_KINDS.has(kind)) return this.batchPeople(kind, keys, fetch, keyOf, build);
    const m = this.kindMemo(kind);
    const missing = [...new Set(keys.filter((k): k is Key => k !== null && !m.has(k)))];
    if (missing.length) {
      const rows = fetch(missing);
      const built = build(rows);
      // Teams and leagues are big (a team embeds its league): their text is reused.
      const shared = kind === 'league' || kind === 'team';
      rows.forEach((r, i) => {
        const rec = built[i] ?? null;
        if (shared && rec) markImmutable(rec);
        m.set(keyOf(r), rec);
      });
      for (const k of missing) if (!m.has(k)) m.set(k, null);
    }
    return m;
  }

  /**
   * {@link batch} for PEOPLE_KINDS: the records come from (and go to) the connection's bounded cache,
   * and are registered as immutable so their JSON text is reused. Returns a map of just `keys`, so
   * an eviction never takes a record from a page being built.
   */
  private batchPeople<R>(
    kind: string,
    keys: readonly (Key | null)[],
    fetch: (missing: Key[]) => R[],
    keyOf: (r: R) => Key,
    build: (rows: R[]) => Rec[],
  ): Map<Key, Rec | null> {
    const out = new Map<Key, Rec | null>();
    const missing = new Set<Key>();
    const prefix = `${this.peoplePrefix}${kind}:`;
    for (const k of keys) {
      if (k === null || out.has(k)) continue;
      const hit = this.people.get(prefix + k);
      if (hit) out.set(k, hit.rec);
      else missing.add(k);
    }
    if (missing.size) {
      const rows = fetch([...missing]);
      const built = build(rows);
      rows.forEach((r, i) => {
        const rec = built[i] ?? null;
        if (rec) markImmutable(rec);
        out.set(keyOf(r), rec);
        this.people.set(prefix + keyOf(r), { rec });
      });
      for (const k of missing) {
        if (out.has(k)) continue;
        out.set(k, null);
        this.people.set(prefix + k, { rec: null });
      }
    }
    return out;
  }

  countries(slugs: readonly (string | null)[]): Map<Key, Rec | null> {
    return this.batch<CountryRow>('country', slugs, (rows) => rows.map((r) => countryRecord(r, this.l)));
  }

  leagues(slugs: readonly (string | null)[]): Map<Key, Rec | null> {
    return this.batch<LeagueRow>('league', slugs, (rows) => {
      const countries = this.countries(rows.map((r) => r.countrySlug));
      const counts = new Map(
        (
          this.stmts
            .get(
              'SELECT leagueSlug AS k, COUNT(*) AS n FROM teams WHERE leagueSlug IN (SELECT value FROM json_each(?)) GROUP BY leagueSlug',
            )
            .all(JSON.stringify(rows.map((r) => r.slug))) as { k: string; n: number }[]
        ).map((c) => [c.k, Number(c.n)]),
      );
      return rows.map((r) => leagueRecord(r, get(countries, r.countrySlug), counts.get(r.slug) ?? 0, this.l));
    });
  }

  arenas(ids: readonly (number | null)[]): Map<Key, Rec | null> {
    return this.batch<ArenaRow>('arena', ids, (rows) => {
      const countries = this.countries(rows.map((r) => r.countrySlug));
      return rows.map((r) => arenaRecord(r, get(countries, r.countrySlug), this.l));
    });
  }

  /**
   * Teams built from rows the caller already has (a list page). Team records are kept for the life of
   * the connection (SHARED_KINDS), so a page of teams costs map look-ups after its first build; each is
   * built whole (every nested object), whatever `fields` the first request asked for. With `fields`,
   * the records come back projected (the record's own key order), and the projection of a kept team is
   * kept too, for up to {@link MAX_TEAM_PROJECTIONS} distinct field sets per context, so a list that
   * asks for the same columns again (an app view) splices kept text (records/json/json-text.ts).
   */
  teamsFromRows(rows: readonly TeamRow[], fields?: ReadonlySet<string>): Rec[] {
    const memo = this.kindMemo('team');
    const missing = rows.filter((r) => !memo.has(r.id));
    if (missing.length) {
      const built = this.buildTeams(missing);
      missing.forEach((r, i) => {
        const rec = built[i] ?? null;
        if (rec) markImmutable(rec);
        memo.set(r.id, rec);
      });
    }
    const whole = rows.map((r) => memo.get(r.id) ?? {});
    if (fields === undefined) return whole;
    const keys = Object.keys(whole[0] ?? {}).filter((k) => fields.has(k));
    if (whole[0] !== undefined && keys.length === Object.keys(whole[0]).length) return whole;
    let projections = teamProjections.get(this.shared);
    if (!projections) {
      projections = new Map();
      teamProjections.set(this.shared, projections);
    }
    const setKey = keys.join(',');
    let bySet = projections.get(setKey);
    if (!bySet && projections.size < MAX_TEAM_PROJECTIONS) {
      bySet = new WeakMap();
      projections.set(setKey, bySet);
    }
    return whole.map((rec) => {
      const hit = bySet?.get(rec);
      if (hit) return hit;
      const out: Rec = {};
      for (const k of keys) out[k] = rec[k];
      if (bySet) {
        markImmutable(out);
        bySet.set(rec, out);
      }
      return out;
    });
  }

  private buildTeams(rows: readonly TeamRow[]): Rec[] {
    const leagues = this.leagues(rows.flatMap((r) => [r.leagueSlug, r.secondaryLeagueSlug]));
    const countries = this.countries(rows.map((r) => r.countrySlug));
    const arenas = this.arenas(rows.flatMap((r) => [r.arenaId, r.secondaryArenaId]));
    return rows.map((r) =>
      teamRecord(
        r,
        {
          league: get(leagues, r.leagueSlug),
          secondaryLeague: get(leagues, r.secondaryLeagueSlug),
          country: get(countries, r.countrySlug),
          arena: get(arenas, r.arenaId),
          secondaryArena: get(arenas, r.secondaryArenaId),
        },
        this.l,
      ),
    );
  }

  teams(ids: readonly (number | null)[]): Map<Key, Rec | null> {
    return this.batch<TeamRow>('team', ids, (rows) => this.teamsFromRows(rows));
  }

  staff(ids: readonly (number | null)[]): Map<Key, Rec | null> {
    return this.batch<StaffRow>('staff', ids, (rows) => {
      const countries = this.countries(rows.map((r) => r.nationalitySlug));
      return rows.map((r) => staffRecord(r, get(countries, r.nationalitySlug), this.l));
    });
  }

  agencies(ids: readonly (number | null)[]): Map<Key, Rec | null> {
    return this.batch<AgencyRow>('agency', ids, (rows) => this.agenciesFromRows(rows));
  }

  /** Agencies built from rows the caller already has (a list page). */
  agenciesFromRows(rows: readonly AgencyRow[]): Rec[] {
    const countries = this.countries(rows.flatMap((r) => [r.countrySlug, r.secondaryCountrySlug]));
    const clients = agencyClientCounts(this.db, this.stmts);
    return rows.map((r) =>
      agencyRecord(
        r,
        get(countries, r.countrySlug),
        get(countries, r.secondaryCountrySlug),
        clients.get(r.id) ?? 0,
        this.l,
      ),
    );
  }

  players(ids: readonly (number | null)[]): Map<Key, Rec | null> {
    return this.batch<PlayerRow>('player', ids, (rows) => {
      const countries = this.countries(rows.flatMap((r) => [r.nationalitySlug, r.secondaryNationalitySlug]));
      const staff = this.staff(rows.map((r) => r.staffId));
      const agencies = this.agencies(rows.map((r) => r.agencyId));
      return rows.map((r) => {
        const agency = get(agencies, r.agencyId);
        return playerRecord(
          r,
          {
            nationality: get(countries, r.nationalitySlug),
            secondaryNationality: get(countries, r.secondaryNationalitySlug),
            staff: get(staff, r.staffId),
            agencies: agency ? [agency] : [],
          },
          this.l,
        );
      });
    });
  }
}

/** The memoised record for a key, or null. */
export function get(m: Map<Key, Rec | null>, key: Key | null): Rec | null {
  return key === null ? null : (m.get(key) ?? null);
}

/** The request's loader (one per request, created lazily). */
export function loaderOf(ctx: RequestContext): Loader {
  const c = ctx as RequestContext & { _loader?: Loader };
  c._loader ??= new Loader(ctx.db, ctx.stmts, ctx.links);
  return c._loader;
}
