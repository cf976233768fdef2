import type { SyncRequest, UnitRefusal } from '../../../../shared/offline.ts';
import type { StoreClient } from '../../../../store/index.ts';
import { type Fetcher, SyncError } from './fetching.ts';

/**
 * Planning a download: the team-seasons (units) of the chosen leagues and season range, read with
 * `/leagues/{slug}/seasons` and `/teams?league=…`; league-seasons whose last sync ended are marked for a
 * re-sync (their checkpoints forgotten); a league outside the key's subscription is recorded as refused.
 */

/** The season slug of a refusal that covers a whole league. */
export const ALL_SEASONS = '*';

/** One team-season to download. */
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

/** The seasons of `slug` in the request's range, or the refusal of the whole league. */
async function leagueSeasons(
  req: SyncRequest,
  slug: string,
  fetcher: Fetcher,
): Promise<{ seasons: Unit['season'][] } | { refusal: UnitRefusal }> {
  try {
    const records = await fetcher.all('leagueSeasons', { slug }, {});
    const seasons = records
      .map((s) => ({ slug: String(s.slug), startYear: Number(s.startYear), endYear: Number(s.endYear) }))
      .filter(
        (s) =>
          (req.seasonFrom === undefined || s.slug >= req.seasonFrom) &&
          (req.seasonTo === undefined || s.slug <= req.seasonTo),
      );
    return { seasons };
  } catch (err) {
    if (!(err instanceof SyncError) || err.error.kind !== 'forbidden') throw err;
    return { refusal: { leagueSlug: slug, teamId: 0, seasonSlug: ALL_SEASONS, message: err.error.message } };
  }
}

/** The league of a team record as the store keeps it. */
function leagueOf(slug: string, team: Record<string, unknown>): Unit['league'] {
  const lg = (team.league ?? {}) as Record<string, unknown>;
  return {
    slug,
    name: typeof lg.name === 'string' ? lg.name : null,
    fullName: typeof lg.fullName === 'string' ? lg.fullName : null,
  };
}

/** Plans the download of `req` (and records refusals and re-sync marks in the store as it goes). */
export async function planSync(req: SyncRequest, store: StoreClient, fetcher: Fetcher): Promise<SyncPlan> {
  // League-seasons whose last sync ended: a download of them now is a re-sync.
  const finished = new Set(
    (await store.syncState()).filter((s) => !s.inProgress).map((s) => `${s.leagueSlug}|${s.seasonSlug}`),
  );
  const plan: SyncPlan = { units: [], todo: [], seasonsByLeague: new Map(), refused: [] };
  for (const slug of req.leagues) {
    // A league outside the key's subscription is refused as a whole (teamId 0, every season '*').
    await store.forgetUnits(slug, [ALL_SEASONS]);
    const found = await leagueSeasons(req, slug, fetcher);
    if ('refusal' in found) {
      await store.refuseUnit(found.refusal);
      plan.refused.push(found.refusal);
      continue;
    }
    const { seasons } = found;
    plan.seasonsByLeague.set(
      slug,
      seasons.map((s) => s.slug),
    );
    const again = seasons.filter((s) => req.refresh || finished.has(`${slug}|${s.slug}`)).map((s) => s.slug);
    if (again.length > 0) await store.beginResync(slug, again);
    const teams = await fetcher.all('teams', {}, { league: slug, fields: 'id,name,league' });
    for (const t of teams) {
      const league = leagueOf(slug, t);
      for (const season of seasons) {
        plan.units.push({ leagueSlug: slug, league, team: { id: Number(t.id), name: String(t.name) }, season });
      }
    }
  }
  const done = new Set(await store.doneUnits());
  plan.todo = plan.units.filter((u) => !done.has(`${u.leagueSlug}|${u.team.id}|${u.season.slug}`));
  return plan;
}
