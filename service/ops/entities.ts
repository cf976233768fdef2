import { assertLeague } from '../auth/subscription.ts';
import { notFound } from '../query/errors.ts';
import type { RequestContext } from '../query/types.ts';
import type { ArenaRow, LeagueRow, TeamRow } from './records/shapes/rows.ts';

/**
 * The entities path parameters name. Each returns the row or throws 404 (unknown) / 403 (outside the
 * key's subscription: a league it lacks, or a team of such a league).
 */

export function requireTeam(ctx: RequestContext, param = 'id'): TeamRow {
  const id = Number(ctx.path[param]);
  const row = ctx.stmts.get('SELECT * FROM teams WHERE id = ?').get(id) as TeamRow | undefined;
  if (!row) throw notFound(`Team ${id} was not found`);
  assertLeague(ctx.sub, row.leagueSlug);
  return row;
}

export function requireLeague(ctx: RequestContext, param = 'slug'): LeagueRow {
  const slug = ctx.path[param] ?? '';
  const row = ctx.stmts.get('SELECT * FROM leagues WHERE slug = ?').get(slug) as LeagueRow | undefined;
  if (!row) throw notFound('No league has the slug in the path');
  assertLeague(ctx.sub, row.slug, param);
  return row;
}

export function requireArena(ctx: RequestContext, param = 'id'): ArenaRow {
  const id = Number(ctx.path[param]);
  const row = ctx.stmts.get('SELECT * FROM arenas WHERE id = ?').get(id) as ArenaRow | undefined;
  if (!row) throw notFound(`Arena ${id} was not found`);
  return row;
}
