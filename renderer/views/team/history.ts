import {
  type ColumnSpec,
  columnValue,
  TEAM_HISTORY_COLUMNS,
  type TeamHistoryRow,
} from '../../../shared/columns/index.ts';
import type { StandingsRecord, TeamSeason } from '../../../shared/contract/records/index.ts';
import { byNewestSeason } from '../../../shared/contract/records/season.ts';
import type { ListQuery } from '../../../shared/query/query.ts';
import type { ChartTable } from '../../charts/chartExport.ts';
import { tieColumns } from '../../entities/league/standings.ts';

/**
 * The team page's history, pure: a team's seasons (`/teams/{id}/seasons`) joined with its rows of each
 * league's standings (`/leagues/{slug}/standings` with `team` and `season` filters: the spec shows no
 * operation that lists a team's standings across seasons), one row per season and league, newest first.
 */

/** At most this many season slugs in one standings request (a query value stays under 2,000 characters). */
const MAX_SEASONS_PER_REQUEST = 180;

/** One standings request: a league and the team's seasons in it, as a list query. */
export interface HistoryRequest {
  league: string;
  query: ListQuery;
}

/** The standings requests of a team's history: one per league it played in (more for a very long history). */
export function historyRequests(teamId: number, seasons: readonly TeamSeason[]): HistoryRequest[] {
  const byLeague = new Map<string, string[]>();
  for (const s of seasons) {
    if (!s.leagueSlug) continue;
    const list = byLeague.get(s.leagueSlug) ?? [];
    if (!list.includes(s.slug)) list.push(s.slug);
    byLeague.set(s.leagueSlug, list);
  }
  const out: HistoryRequest[] = [];
  for (const [league, slugs] of [...byLeague].sort((a, b) => a[0].localeCompare(b[0]))) {
    const sorted = [...slugs].sort();
    for (let i = 0; i < sorted.length; i += MAX_SEASONS_PER_REQUEST) {
      const part = sorted.slice(i, i + MAX_SEASONS_PER_REQUEST);
      out.push({
        league,
        query: {
          offset: 0,
          limit: 1000,
          sort: ['season'],
          filters: { team: String(teamId), season: part.join(',') },
        },
      });
    }
  }
  return out;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The team's history rows: each season entry with its standings row (same season, from the standings of
 * the same league), newest first.
 */
export function teamHistoryRows(
  seasons: readonly TeamSeason[],
  standings: readonly { league: string; rows: readonly StandingsRecord[] }[],
): TeamHistoryRow[] {
  const rowOf = new Map<string, StandingsRecord>();
  for (const { league, rows } of standings) {
    for (const r of rows) if (r.season?.slug) rowOf.set(`${r.season.slug}|${league}`, r);
  }
  const seen = new Set<string>();
  return [...seasons]
    .filter((s) => typeof s.slug === 'string')
    .sort(byNewestSeason)
    .flatMap((s): TeamHistoryRow[] => {
      const key = `${s.slug}|${s.leagueSlug ?? ''}`;
      if (seen.has(key)) return [];
      seen.add(key);
      const st = rowOf.get(key);
      const position = st?.position == null ? null : Number(st.position);
      return [
        {
          season: s.slug,
          leagueSlug: s.leagueSlug ?? null,
          leagueName: s.leagueName ?? st?.leagueName ?? null,
          teamName: s.teamName ?? st?.teamName ?? null,
          stats: st?.stats
            ? {
                GP: num(st.stats.GP),
                W: num(st.stats.W),
                L: num(st.stats.L),
                T: num(st.stats.T),
                OTL: num(st.stats.OTL),
                PTS: num(st.stats.PTS),
                GF: num(st.stats.GF),
                GA: num(st.stats.GA),
              }
            : null,
          group: st?.group ?? null,
          position: position !== null && Number.isFinite(position) ? position : null,
          postseason: st?.postseason || null,
          medal: st?.playoffMedalClass || null,
        },
      ];
    });
}

/**
 * The history's columns for its rows: T and OTL as the data has them (standings' rule), the team name only
 * when the team carried another name than `currentName` in some season.
 */
export function historyColumns(rows: readonly TeamHistoryRow[], currentName: string | undefined): ColumnSpec[] {
  const ties = tieColumns(rows);
  const renamed = rows.some((r) => r.teamName && r.teamName !== currentName);
  return TEAM_HISTORY_COLUMNS.filter((c) => {
    if (c.id === 'T') return ties.showT;
    if (c.id === 'OTL') return ties.showOTL;
    if (c.id === 'teamName') return renamed;
    return true;
  });
}

/**
 * A season's record as hockey writes it, wins first: `44–28–10` with its legend `W–L–OTL` (ties before
 * overtime losses were counted, both in the seasons that had both); null without standings.
 */
export function recordText(stats: TeamHistoryRow['stats']): { text: string; legend: string } | null {
  if (!stats || stats.W == null || stats.L == null) return null;
  const parts: [string, number][] = [
    ['W', stats.W],
    ['L', stats.L],
  ];
  if (stats.T != null && (stats.T > 0 || stats.OTL == null)) parts.push(['T', stats.T]);
  if (stats.OTL != null && (stats.OTL > 0 || stats.T == null)) parts.push(['OTL', stats.OTL]);
  return { text: parts.map(([, v]) => v).join('–'), legend: parts.map(([k]) => k).join('–') };
}

/** The history as a plain table for CSV, Excel and the clipboard (`exportRows`): numbers left unformatted. */
export function historyTable(columns: readonly ColumnSpec[], rows: readonly TeamHistoryRow[]): ChartTable {
  return {
    columns: columns.map((c) => c.abbr),
    rows: rows.map((r) =>
      columns.map((c) => {
        const v = columnValue(c, r);
        return v === null || v === undefined || v === '' ? '—' : String(v);
      }),
    ),
  };
}
