import { TRANSFER_YEARS_LIST } from '../../../shared/query/lists/team-counts.ts';
import { declaredList } from '../../query/declared.ts';
import type { ListOp, SqlPart } from '../../query/types.ts';
import { requireTeam } from '../entities.ts';

/** The distinct (team, year) pairs of transfers, from either side of the move. */
const YEARS =
  '(SELECT fromTeamId AS teamId, CAST(substr(date, 1, 4) AS INTEGER) AS year FROM transfers WHERE fromTeamId IS NOT NULL' +
  ' UNION SELECT toTeamId, CAST(substr(date, 1, 4) AS INTEGER) FROM transfers WHERE toTeamId IS NOT NULL) y';

/**
 * `GET /teams/{id}/transfers/years` (spec, "Team operations"): the calendar years in which a transfer
 * to or from the team is recorded; `data` is an array of integers. `offset`, `limit`; `fields` is
 * accepted with the only value `*` (the elements are bare integers, so there is nothing to select;
 * its allowed values are not shown). Sort `year`, default `-year` (newest first, like the real
 * service's transfers, `-date`). Years outside the key's seasons (the start year of its first season
 * to the end year of its last) are left out.
 */
export const transferYears: ListOp<{ year: number }> = {
  kind: 'list',
  path: '/teams/{id}/transfers/years',
  category: 'team',
  summary: 'Years in which the team has transfers recorded',
  pathParams: { id: 'id' },
  from: YEARS,
  select: 'y.year',
  scope: (ctx) => {
    const team = requireTeam(ctx);
    const s = ctx.sub.seasons;
    const range: SqlPart | null = s
      ? { sql: 'y.year BETWEEN ? AND ?', params: [Number(s.from.slice(0, 4)), Number(s.to.slice(5, 9))] }
      : null;
    return { where: [{ sql: 'y.teamId = ?', params: [team.id] }, range] };
  },
  fields: { allowed: [], objects: [] },
  ...declaredList(TRANSFER_YEARS_LIST, { sorts: { year: { sql: 'y.year' } }, filters: {} }),
  build: (rows) => rows.map((r) => Number(r.year)),
};
