import { textColumn } from './build.ts';
import type { ColumnSpec } from './types.ts';

// ─── A team's seasons year by year (the team page's history: team seasons joined with standings) ─────

/**
 * One season of a team: what `/teams/{id}/seasons` lists (season, league, the name the team carried)
 * and, when the league's standings have the team that season, its record, finish and playoff result.
 */
export interface TeamHistoryRow {
  season: string;
  leagueSlug: string | null;
  leagueName: string | null;
  teamName: string | null;
  /** GP, W, L, T, OTL, PTS, GF, GA of the standings; null when the standings do not list the team. */
  stats: Partial<Record<'GP' | 'W' | 'L' | 'T' | 'OTL' | 'PTS' | 'GF' | 'GA', number | null>> | null;
  /** The division (or conference) it finished in, and its rank there (the standings' `group`, `position`). */
  group: string | null;
  position: number | null;
  /** The playoff result in words (`Lost in Final`), null when it did not play the postseason or none is known. */
  postseason: string | null;
  /** The playoff medal: `gold` for the champion, `silver` the finalist (and `bronze` where a league awards one). */
  medal: string | null;
}

/** `1` → `1st`, `2` → `2nd`, `11` → `11th`, `23` → `23rd`. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** The finish as a scout says it: `1st in Atlantic Division`, `3rd` (no group), or null without standings. */
export function finishText(row: Pick<TeamHistoryRow, 'position' | 'group'>): string | null {
  if (row.position === null) return null;
  return row.group ? `${ordinal(row.position)} in ${row.group}` : ordinal(row.position);
}

const stat = (key: 'GP' | 'W' | 'L' | 'T' | 'OTL' | 'PTS', title: string, better?: 'higher' | 'lower'): ColumnSpec => ({
  id: key,
  field: `stats.${key}`,
  label: key,
  abbr: key,
  title,
  unit: key === 'PTS' ? 'points' : 'games',
  format: 'int',
  numeric: true,
  ...(better ? { better } : {}),
  sortDescFirst: better !== 'lower',
  fields: 'stats',
});

/**
 * Columns of the team's history. T and OTL show as the data has them (the view drops an empty one), and
 * the team name only when it changed over the years. Not sortable: newest season first.
 */
export const TEAM_HISTORY_COLUMNS: readonly ColumnSpec[] = [
  textColumn({ id: 'season', field: 'season', label: 'Season', abbr: 'Season', title: 'Season', fields: 'season' }),
  textColumn({
    id: 'league',
    field: 'leagueName',
    label: 'League',
    abbr: 'League',
    title: 'League',
    fields: 'league',
    value: (r) => (r as TeamHistoryRow).leagueName ?? (r as TeamHistoryRow).leagueSlug?.toUpperCase() ?? null,
  }),
  textColumn({
    id: 'teamName',
    field: 'teamName',
    label: 'Team name',
    abbr: 'Team name',
    title: 'The name the team carried that season',
    fields: 'teamName',
  }),
  stat('GP', 'Games played'),
  stat('W', 'Wins', 'higher'),
  stat('L', 'Losses', 'lower'),
  stat('T', 'Ties'),
  stat('OTL', 'Overtime losses', 'lower'),
  stat('PTS', 'Points', 'higher'),
  textColumn({
    id: 'finish',
    field: 'position',
    label: 'Finish',
    abbr: 'Finish',
    title: 'Finish in its division (or conference) in the standings',
    fields: 'position',
    value: (r) => finishText(r as TeamHistoryRow),
  }),
  textColumn({
    id: 'postseason',
    field: 'postseason',
    label: 'Playoffs',
    abbr: 'Playoffs',
    title: 'Playoff result',
    fields: 'postseason',
  }),
];
