import {
  type Assignment,
  type GameSeen,
  type ViewingLog,
  type ViewingLogQuery,
  ViewingLogQuerySchema,
} from '../../../../shared/department/desk.ts';
import { parseListInput } from '../../../../shared/domain/lists.ts';
import type { WritableDB } from '../../../common/db.ts';
import { departmentOf } from '../identity.ts';
import { listAssignments } from './assignments.ts';
import { nameOf } from './names.ts';

/**
 * The viewing log: per week (Monday to Sunday, ISO 8601 weeks), the games each scout saw (his final
 * reports, not taken back) and his open assignments as planned (in the week of the game, else of the due
 * date). A scout sees his own; a director every scout's this laptop holds, so the department's load shows.
 */

/** The Monday of `day`'s week and its ISO week label (`2026-W48`). */
export function isoWeek(day: string): { monday: string; week: string } {
  const d = new Date(`${day}T00:00:00Z`);
  const dow = (d.getUTCDay() + 6) % 7;
  const monday = new Date(d.getTime() - dow * 86_400_000);
  // The ISO year and week are those of the week's Thursday.
  const thursday = new Date(monday.getTime() + 3 * 86_400_000);
  const jan1 = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = 1 + Math.floor((thursday.getTime() - jan1) / (7 * 86_400_000));
  return {
    monday: monday.toISOString().slice(0, 10),
    week: `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`,
  };
}

/** A final report as the log reads it. */
type SeenRow = Omit<GameSeen, 'date'> & { owner: string; gameDate: string };

/**
 * The viewing log, newest week first (see the module's comment); `from`/`to` bound the days (inclusive).
 * Empty when no department is set.
 * @throws ListInputError naming a bad field of `raw`.
 */
export function viewingLog(db: WritableDB, raw: ViewingLogQuery = {}): ViewingLog {
  const q = parseListInput(ViewingLogQuerySchema, raw ?? {}, '');
  const dep = departmentOf(db);
  if (dep === null) return [];
  const all = q.who === 'all' && dep.director;
  const seen = db
    .query<SeenRow, [string, string]>(
      // His own reports made before the department was set have no owner yet; imported ones name a scout.
      `SELECT owner, gameDate, source, playerId, playerName, homeTeam, awayTeam, league FROM scouting_reports
        WHERE status = 'final' AND retracted = 0 AND (owner <> '' OR scout = '') AND gameDate BETWEEN ? AND ?
        ORDER BY gameDate, id`,
    )
    .all(q.from, q.to)
    .map((r) => ({ ...r, owner: r.owner === '' ? dep.user : r.owner }))
    .filter((r) => all || r.owner === dep.user);
  const planned = listAssignments(db, { who: all ? 'all' : 'mine', open: true }).filter((a) => {
    const day = a.game?.date ?? a.dueDate;
    return day >= q.from && day <= q.to;
  });
  type Week = ViewingLog[number];
  const weeks = new Map<string, Week>();
  const slot = (day: string, owner: string) => {
    const { monday, week } = isoWeek(day);
    const w = weeks.get(week) ?? { week, monday, scouts: [] };
    weeks.set(week, w);
    let s = w.scouts.find((x) => x.owner === owner);
    if (s === undefined) {
      s = { owner, name: nameOf(db, owner), seen: [], planned: [] as Assignment[] };
      w.scouts.push(s);
    }
    return s;
  };
  for (const r of seen) {
    const { owner, gameDate, ...game } = r;
    slot(gameDate, owner).seen.push({ date: gameDate, ...game });
  }
  for (const a of planned) slot(a.game?.date ?? a.dueDate, a.assignee).planned.push(a);
  const out = [...weeks.values()].sort((x, y) => (x.monday < y.monday ? 1 : -1));
  for (const w of out) w.scouts.sort((x, y) => x.name.localeCompare(y.name));
  return out;
}
