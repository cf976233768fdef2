import type { ListEnvelope } from '../../../shared/contract/envelope.ts';
import type { OfflinePlayer, OfflinePlayerListRecord, OfflineStatsRow } from '../../../shared/domain/offline.ts';
import type { ReportSave } from '../../../shared/domain/reports.ts';
import type { StoreClient } from '../../../store/index.ts';

/** A player as the offline store keeps him, with only id, name and position known (the rest null). */
export const storePlayer = (id: number, name: string, position: string): OfflinePlayer => ({
  id,
  name,
  firstName: null,
  lastName: null,
  position,
  detailedPosition: [],
  draftSelection: null,
  nationality: null,
  dateOfBirth: null,
  yearOfBirth: null,
  height: { metrics: null },
  weight: { metrics: null },
  shoots: null,
  catches: null,
  updatedAt: null,
});

/**
 * A stat line as the offline store keeps it: line `id` of player `playerId` with `team` in a league's
 * season (slug `2020-2021`), its regular season `regularStats` (default 10 GP, 1 G, 1 A), no playoffs.
 */
export const storeLine = (
  id: number,
  playerId: number,
  team: { id: number; name: string },
  leagueSlug: string,
  season: string,
  regularStats: OfflineStatsRow['regularStats'] = { GP: 10, G: 1, A: 1, PTS: 2 },
): OfflineStatsRow => ({
  id,
  playerId,
  team,
  leagueSlug,
  season,
  playerAge: null,
  regularStats,
  postseasonStats: {},
  totalStats: {},
});

/** A page of the store's players list for `query`; a refused query fails the test with its message. */
export async function playersPage(
  store: Pick<StoreClient, 'listPlayers'>,
  query: Record<string, string>,
): Promise<ListEnvelope<OfflinePlayerListRecord>> {
  const r = await store.listPlayers(query);
  if (!r.ok) throw new Error(`the store refused ${JSON.stringify(query)}: ${r.issue.message}`);
  return r.value;
}

/** `[playerId, name, GP, G, A]` of a skater's one line of a season. */
export type SkaterLine = readonly [number, string, number, number, number];

/**
 * Commits one NHL season (`2020-2021`) of team 1 "Team One" to `store`: each skater's line (line id ten
 * times his id, PTS = G + A) and his player record (forward); then derives their rows, as the host does after
 * each download (store/cache/derive.ts).
 */
export async function commitSkaterSeason(
  store: Pick<StoreClient, 'commitUnit' | 'prepareLeaders'>,
  lines: readonly SkaterLine[],
): Promise<void> {
  const season = { slug: '2020-2021', startYear: 2020, endYear: 2021 };
  const team = { id: 1, name: 'Team One' };
  await store.commitUnit({
    leagueSlug: 'nhl',
    league: { slug: 'nhl', name: 'NHL', fullName: null },
    season,
    team,
    rows: lines.map(([playerId, , GP, G, A]) =>
      storeLine(playerId * 10, playerId, team, 'nhl', season.slug, { GP, G, A, PTS: G + A }),
    ),
    players: lines.map(([id, name]) => storePlayer(id, name, 'F')),
  });
  await store.prepareLeaders();
}

/** A draft report on Connor Bedard (skating 7.5, puck skills 9, hockey sense not seen) as the page saves it; `over` replaces fields. */
export const reportSave = (over: Partial<ReportSave> = {}): ReportSave => ({
  playerId: 7,
  player: { name: 'Connor Bedard', position: 'C', dateOfBirth: '2005-07-17' },
  gameDate: '2026-11-20',
  homeTeam: 'Regina Pats',
  awayTeam: 'Moose Jaw Warriors',
  league: 'WHL',
  score: '',
  positionPlayed: 'C',
  kind: 'skater',
  grades: { skating: 7.5, puckSkills: 9, hockeySense: null },
  projection: null,
  strengths: '',
  weaknesses: '',
  notes: 'Half a game seen; ',
  status: 'draft',
  ...over,
});
