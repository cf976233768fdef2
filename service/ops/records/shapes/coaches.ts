import type { RequestContext } from '../../../query/types.ts';
import { keptMany } from '../caches/kept.ts';
import { get, loaderOf } from '../caches/loader.ts';
import { markImmutable } from '../json/json-text.ts';

type Rec = Record<string, unknown>;
/** `coaches` of a player statistics record (spec): the team-season's staff by role, each an array of Staff. */
export interface Coaches {
  headCoaches: Rec[];
  assistantCoaches: Rec[];
  goaltendingCoaches: Rec[];
}

/**
 * Which `coaches` array a staff role belongs to (roles as the data stores them: 'Head Coach',
 * 'Assistant Coach', 'Goaltending Coach'; other roles belong to none).
 */
export const COACH_ROLE_SQL = {
  headCoaches: "lower(ss.role) LIKE 'head coach%'",
  assistantCoaches: "lower(ss.role) LIKE 'assistant coach%'",
  goaltendingCoaches: "lower(ss.role) LIKE 'goaltending coach%'",
} as const;

/**
 * SQL for sorting by `coaches.<role>`: the first coach's name (`lastName firstName`, in staff-stats
 * id order) of the row's team-season; NULL when there is none. `ps` is the player_stats alias.
 */
export function coachSortSql(role: keyof typeof COACH_ROLE_SQL): string {
  return (
    "(SELECT s.lastName || ' ' || s.firstName FROM staff_stats ss JOIN staff s ON s.id = ss.staffId" +
    ` WHERE ss.teamId = ps.teamId AND ss.seasonSlug = ps.seasonSlug AND ${COACH_ROLE_SQL[role]} ORDER BY ss.id LIMIT 1)`
  );
}

/**
 * Coaches of each (team, season) pair, keyed `teamId|seasonSlug`: kept per connection and link context
 * (records/caches/kept.ts), each object and its arrays registered as immutable so their JSON bytes are reused;
 * a pair not kept yet costs one indexed query. Never mutate the result.
 */
export function coachesOf(ctx: RequestContext, pairs: { teamId: number; seasonSlug: string }[]): Map<string, Coaches> {
  return keptMany(
    ctx,
    'coaches',
    pairs.map((p) => `${p.teamId}|${p.seasonSlug}`),
    (keys) => {
      const built = loadCoaches(ctx, keys);
      for (const c of built.values()) {
        markImmutable(c.headCoaches);
        markImmutable(c.assistantCoaches);
        markImmutable(c.goaltendingCoaches);
        markImmutable(c);
      }
      return built;
    },
  );
}

/** Coaches of each `teamId|seasonSlug` key; one indexed query per pair. */
function loadCoaches(ctx: RequestContext, keys: string[]): Map<string, Coaches> {
  const stmt = ctx.stmts.get(
    `SELECT ss.staffId, CASE WHEN ${COACH_ROLE_SQL.headCoaches} THEN 'headCoaches'` +
      ` WHEN ${COACH_ROLE_SQL.assistantCoaches} THEN 'assistantCoaches'` +
      ` WHEN ${COACH_ROLE_SQL.goaltendingCoaches} THEN 'goaltendingCoaches' END AS kind` +
      ' FROM staff_stats ss WHERE ss.teamId = ? AND ss.seasonSlug = ? ORDER BY ss.id',
  );
  const byPair = new Map<string, { staffId: number; kind: keyof Coaches | null }[]>();
  for (const k of keys) {
    const [teamId, seasonSlug] = k.split('|') as [string, string];
    byPair.set(k, stmt.all(Number(teamId), seasonSlug) as { staffId: number; kind: keyof Coaches | null }[]);
  }
  const staff = loaderOf(ctx).staff([...byPair.values()].flat().map((r) => r.staffId));
  const out = new Map<string, Coaches>();
  for (const [k, rows] of byPair) {
    const c: Coaches = { headCoaches: [], assistantCoaches: [], goaltendingCoaches: [] };
    for (const r of rows) {
      const rec = get(staff, r.staffId);
      if (r.kind && rec) c[r.kind].push(rec);
    }
    out.set(k, c);
  }
  return out;
}
