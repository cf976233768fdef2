import type { SyncEstimate, SyncRequest, UnitRefusal } from '../../../../shared/domain/offline.ts';
import type { StoreClient } from '../../../../store/index.ts';
import { envelopePage, type Fetcher, type Json, PAGE, SyncError } from './fetching.ts';

/**
 * Planning a download: the team-seasons (units) of the chosen leagues and season range. A league's
 * seasons come from `/leagues/{slug}/seasons`; its team-seasons from its standings
 * (`/leagues/{slug}/standings?season=…`, spec "League operations": a Standings record names its
 * `team`, `season` and `league`), and for a season they list no team in, from
 * `/teams?hasPlayedInLeague=…&hasPlayedInLeague.season=…`; so every team that played in the league in
 * those seasons is there, including teams that folded or play in another league since (`/teams?league=`
 * lists teams by their league today). Each unit keeps the league it was played in. League-seasons whose last sync ended are
 * marked for a re-sync (their checkpoints forgotten); a league outside the key's subscription is
 * recorded as refused.
 */

/** The season slug of a refusal that covers a whole league. */
export const ALL_SEASONS = '*';

/** Seasons asked of the standings in one request at most (the `season` filter's list stays short). */
const SEASONS_PER_REQUEST = 40;

/** One team-season to download: the league it was played in, the team and the season. */
export interface Unit {
  leagueSlug: string;
  league: { slug: string; name: string | null; fullName: string | null };
  team: { id: number; name: string };
  season: { slug: string; startYear: number; endYear: number };
}

/** What a download will fetch. */
export interface SyncPlan {
  /** Every team-season of the request, and those not checkpointed yet (to fetch now). */
  units: Unit[];
  todo: Unit[];
  /** The seasons of each league in the range, to record as synced when the download ends. */
  seasonsByLeague: Map<string, string[]>;
  /** Leagues the service refused as a whole (403). */
  refused: UnitRefusal[];
}

type Season = Unit['season'];

const obj = (v: unknown): Json => (v !== null && typeof v === 'object' ? (v as Json) : {});
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Runs `fn`; a 403 becomes the refusal of the whole league `slug`. */
async function orRefusal<T>(slug: string, fn: () => Promise<T>): Promise<T | { refusal: UnitRefusal }> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof SyncError) || err.error.kind !== 'forbidden') throw err;
    return { refusal: { leagueSlug: slug, teamId: 0, seasonSlug: ALL_SEASONS, message: err.error.message } };
  }
}

/** The seasons of `slug` in the request's range, oldest first. */
async function leagueSeasons(req: SyncRequest, slug: string, fetcher: Fetcher): Promise<Season[]> {
  const records = await fetcher.all('leagueSeasons', { slug }, {});
  return records
    .map((s) => ({ slug: String(s.slug), startYear: Number(s.startYear), endYear: Number(s.endYear) }))
    .filter(
      (s) =>
        (req.seasonFrom === undefined || s.slug >= req.seasonFrom) &&
        (req.seasonTo === undefined || s.slug <= req.seasonTo),
    )
    .sort((a, b) => (a.slug < b.slug ? -1 : 1));
}

/** `seasons` in groups of {@link SEASONS_PER_REQUEST}, each as the `season` filter's value. */
function seasonLists(seasons: readonly Season[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < seasons.length; i += SEASONS_PER_REQUEST)
    out.push(
      seasons
        .slice(i, i + SEASONS_PER_REQUEST)
        .map((s) => s.slug)
        .join(','),
    );
  return out;
}

/**
 * How the standings are asked: the team's id and name and the league's names only (the local service
 * takes subfields by name), else the whole team and league.
 */
const standingsForms = (season: string, offset: number): Record<string, string>[] => {
  const page = { season, limit: String(PAGE), offset: String(offset) };
  return [
    { ...page, fields: 'id,season,teamName,team.id,team.name,league.slug,league.name,league.fullName' },
    { ...page, fields: 'id,season,teamName,team,league' },
  ];
};

/** Every standings record of `slug` in the seasons of `season` (a comma-separated list), page by page. */
async function standingsOf(fetcher: Fetcher, slug: string, season: string): Promise<Json[]> {
  const out: Json[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const r = await fetcher.getFirst('standings', 'leagueStandings', { slug }, standingsForms(season, offset), [
      'fields',
    ]);
    if ('forbidden' in r) throw new SyncError(r.forbidden);
    const page = envelopePage(r.body);
    out.push(...page.data);
    if (offset + PAGE >= page.totalRecords || page.data.length === 0) return out;
  }
}

/**
 * The teams that played in `slug` in `season` by `/teams?hasPlayedInLeague=…&hasPlayedInLeague.season=…`
 * (the spec lists both filters for an arena's teams), as standings records: for a season the league's
 * standings list no team in.
 */
async function playedIn(fetcher: Fetcher, slug: string, season: Season): Promise<Json[]> {
  const teams = await fetcher.all(
    'teams',
    {},
    { hasPlayedInLeague: slug, 'hasPlayedInLeague.season': season.slug, fields: 'id,name' },
  );
  return teams.map((team) => ({ team, season: { slug: season.slug }, league: { slug } }));
}

/**
 * The team-seasons of `slug` in `seasons`, one per team and season, from the league's standings; for a
 * season they list no team in, from the teams that played in the league that season.
 */
async function teamSeasons(fetcher: Fetcher, slug: string, seasons: readonly Season[]): Promise<Unit[]> {
  const bySlug = new Map(seasons.map((s) => [s.slug, s]));
  const records = (await Promise.all(seasonLists(seasons).map((s) => standingsOf(fetcher, slug, s)))).flat();
  const listed = new Set(records.map((r) => str(obj(r.season).slug)));
  const missing = seasons.filter((s) => !listed.has(s.slug));
  records.push(...(await Promise.all(missing.map((s) => playedIn(fetcher, slug, s)))).flat());
  const units = new Map<string, Unit>();
  for (const r of records) {
    const team = obj(r.team);
    const lg = obj(r.league);
    const season = bySlug.get(str(obj(r.season).slug) ?? '');
    const id = Number(team.id);
    if (season === undefined || !Number.isInteger(id) || (str(lg.slug) ?? slug) !== slug) continue;
    units.set(`${id}|${season.slug}`, {
      leagueSlug: slug,
      league: { slug, name: str(lg.name), fullName: str(lg.fullName) },
      team: { id, name: str(team.name) ?? str(r.teamName) ?? `Team ${id}` },
      season,
    });
  }
  return [...units.values()];
}

/** Plans the download of `req` (and records refusals and re-sync marks in the store as it goes). */
export async function planSync(req: SyncRequest, store: StoreClient, fetcher: Fetcher): Promise<SyncPlan> {
  // League-seasons whose last sync ended: a download of them now is a re-sync.
  const finished = new Set(
    (await store.syncState()).filter((s) => !s.inProgress).map((s) => `${s.leagueSlug}|${s.seasonSlug}`),
  );
  const plan: SyncPlan = { units: [], todo: [], seasonsByLeague: new Map(), refused: [] };
  const leagues = await Promise.all(
    req.leagues.map(async (slug) => {
      // A league outside the key's subscription is refused as a whole (teamId 0, every season '*').
      await store.forgetUnits(slug, [ALL_SEASONS]);
      return {
        slug,
        found: await orRefusal(slug, async () => {
          const seasons = await leagueSeasons(req, slug, fetcher);
          return { seasons, units: await teamSeasons(fetcher, slug, seasons) };
        }),
      };
    }),
  );
  for (const { slug, found } of leagues) {
    if ('refusal' in found) {
      await store.refuseUnit(found.refusal);
      plan.refused.push(found.refusal);
      continue;
    }
    plan.seasonsByLeague.set(
      slug,
      found.seasons.map((s) => s.slug),
    );
    const again = found.seasons.filter((s) => req.refresh || finished.has(`${slug}|${s.slug}`)).map((s) => s.slug);
    if (again.length > 0) await store.beginResync(slug, again);
    plan.units.push(...found.units);
  }
  const done = new Set(await store.doneUnits());
  plan.todo = plan.units.filter((u) => !done.has(unitKey(u)));
  return plan;
}

/** The store's key of a team-season: `leagueSlug|teamId|seasonSlug`. */
export const unitKey = (u: Unit): string => `${u.leagueSlug}|${u.team.id}|${u.season.slug}`;

/**
 * The size of a download of `req` before it starts: per league, its seasons in the range and their
 * team-seasons (listed as a download lists them), and those already on this computer.
 */
export async function estimateSync(req: SyncRequest, store: StoreClient, fetcher: Fetcher): Promise<SyncEstimate> {
  const done = new Set(await store.doneUnits());
  const out: SyncEstimate = { leagues: [], refused: [], teamSeasons: 0, done: 0 };
  const found = await Promise.all(
    req.leagues.map((slug) =>
      orRefusal(slug, async () => {
        const seasons = await leagueSeasons(req, slug, fetcher);
        const units = await teamSeasons(fetcher, slug, seasons);
        const mine = units.filter((u) => done.has(unitKey(u))).length;
        return { slug, seasons: seasons.map((s) => s.slug), teamSeasons: units.length, done: mine };
      }),
    ),
  );
  for (const f of found) {
    if ('refusal' in f) out.refused.push(f.refusal.leagueSlug);
    else {
      out.leagues.push(f);
      out.teamSeasons += f.teamSeasons;
      out.done += f.done;
    }
  }
  return out;
}
