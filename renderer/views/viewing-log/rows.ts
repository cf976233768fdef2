import type { Assignment, GameSeen, ViewingLog } from '../../../shared/department/desk.ts';
import type { ChartTable } from '../../charts/chartExport.ts';
import { assignedGameText, teamsText } from '../../entities/department/games.ts';
import { formatDay, formatInt } from '../../format/index.ts';

/**
 * The viewing log as the table shows it: a row per week and scout, his games (his final reports on one
 * date and the same two teams are one game, with each player he wrote on) and his open assignments of the
 * week, and the same rows as the export writes them.
 */

/** A game a scout saw: its date, teams and league as written, and the players his final reports are on. */
export interface GameRow {
  date: string;
  homeTeam: string;
  awayTeam: string;
  league: string;
  players: { source: string; playerId: number; name: string }[];
}

/** One scout's week. */
export interface ScoutWeek {
  owner: string;
  name: string;
  games: GameRow[];
  reports: number;
  planned: Assignment[];
}

/** One week: its ISO label, Monday and Sunday, its scouts (by name) and their totals. */
export interface WeekRows {
  week: string;
  monday: string;
  sunday: string;
  scouts: ScoutWeek[];
  games: number;
  reports: number;
  planned: number;
}

/** The Sunday of the week whose Monday is `monday` (both `YYYY-MM-DD`). */
const sundayOf = (monday: string) =>
  new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);

/** His reports grouped into games: one date and two teams are one game, in date order; players by name. */
function gamesOf(seen: readonly GameSeen[]): GameRow[] {
  const games = new Map<string, GameRow>();
  for (const s of seen) {
    const key = [s.date, s.homeTeam, s.awayTeam].join('\u001f');
    const g = games.get(key) ?? {
      date: s.date,
      homeTeam: s.homeTeam,
      awayTeam: s.awayTeam,
      league: s.league,
      players: [],
    };
    games.set(key, g);
    if (!g.players.some((p) => p.source === s.source && p.playerId === s.playerId && p.name === s.playerName))
      g.players.push({ source: s.source, playerId: s.playerId, name: s.playerName });
  }
  for (const g of games.values()) g.players.sort((a, b) => a.name.localeCompare(b.name));
  return [...games.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The log's weeks (newest first) with only the scout `owner`'s rows, or every scout's when null. */
export function weekRows(log: ViewingLog, owner: string | null): WeekRows[] {
  return log.flatMap((w) => {
    const scouts = w.scouts
      .filter((s) => owner === null || s.owner === owner)
      .map((s) => ({
        owner: s.owner,
        name: s.name,
        games: gamesOf(s.seen),
        reports: s.seen.length,
        planned: [...s.planned].sort((a, b) => ((a.game?.date ?? a.dueDate) < (b.game?.date ?? b.dueDate) ? -1 : 1)),
      }));
    if (scouts.length === 0) return [];
    const sum = (f: (s: ScoutWeek) => number) => scouts.reduce((n, s) => n + f(s), 0);
    return [
      {
        week: w.week,
        monday: w.monday,
        sunday: sundayOf(w.monday),
        scouts,
        games: sum((s) => s.games.length),
        reports: sum((s) => s.reports),
        planned: sum((s) => s.planned.length),
      },
    ];
  });
}

/** The scouts of the log, by name: the director's choice of whose log to read. */
export function scoutsOf(log: ViewingLog): { owner: string; name: string }[] {
  const byOwner = new Map<string, string>();
  for (const w of log) for (const s of w.scouts) byOwner.set(s.owner, s.name);
  return [...byOwner].map(([owner, name]) => ({ owner, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** A game as one line: `2026-11-14 London Knights at Kitchener Rangers (OHL): Gavin McKenna, Ryan Roobroeck`. */
export const gameText = (g: GameRow): string =>
  `${formatDay(g.date)} ${teamsText(g.homeTeam, g.awayTeam)}${g.league ? ` (${g.league})` : ''}: ${g.players
    .map((p) => p.name)
    .join(', ')}`;

/** An open assignment as one line: `2026-11-14 London Knights at Kitchener Rangers: Gavin McKenna, due 2026-11-30`. */
export const plannedText = (a: Assignment): string =>
  `${a.game ? `${assignedGameText(a.game)}: ` : ''}${a.player.name}, due ${formatDay(a.dueDate)}`;

/** The rows as the export writes them: a row per week and scout. */
export function exportTable(weeks: readonly WeekRows[]): ChartTable {
  return {
    columns: ['ISO week', 'Monday', 'Scout', 'Games seen', 'Final reports', 'Planned', 'Games', 'Open assignments'],
    rows: weeks.flatMap((w) =>
      w.scouts.map((s) => [
        w.week,
        formatDay(w.monday),
        s.name,
        formatInt(s.games.length),
        formatInt(s.reports),
        formatInt(s.planned.length),
        s.games.map(gameText).join('; ') || '—',
        s.planned.map(plannedText).join('; ') || '—',
      ]),
    ),
  };
}
