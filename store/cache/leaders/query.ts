import { defaultMinGP, LEADER_STAT_SORTS, type LeaderMode } from '../../../shared/domain/leaders.ts';
import { NHLE_SEASON_GAMES } from '../../../shared/domain/nhle.ts';
import type { StatBlock } from '../../../shared/domain/offline.ts';
import { type Position, positionFilterMask } from '../../../shared/domain/stat-lines.ts';
import {
  type Checked,
  orderByTerms,
  parsePaging,
  parseSortTokens,
  type SortColumns,
  type SortTerm,
} from '../../../shared/query/list-engine.ts';
import { tieBreakSql } from '../../../shared/query/lists/definition.ts';
import { LEADERS_LIST } from '../../../shared/query/lists/leaders.ts';
import { checkListParams, type ParsedFilters, paramNames } from '../../../shared/query/lists/params.ts';
import type { RawPlayerQuery } from '../api.ts';

/**
 * The leaders query as its definition declares it (shared/query/lists/leaders.ts): its parameters checked
 * by the definition, and translated into SQL over `player_seasons ps JOIN players p` (this file is its SQL
 * source). Sorting and paging go through the shared list-query engine; ties
 * are broken by fewer games, then the player's name, then the row (stable pages).
 */

/** The parameter names the leaders query accepts. */
export const LEADER_PARAMS: readonly string[] = paramNames(LEADERS_LIST);

type Params = ParsedFilters<typeof LEADERS_LIST.filters>;

/** A checked leaders query: filters, the block and mode, min GP (the default applied), sort terms and page. */
export interface LeaderQuery extends Omit<Params, 'block' | 'mode' | 'minGP'> {
  block: StatBlock;
  mode: LeaderMode;
  goalies: boolean;
  minGP: number;
  sort: SortTerm[];
  /** The sort as a token list, as applied. */
  sortText: string;
  offset: number;
  limit: number;
}

/** The SQL a stat sort key orders by: a column of the block (single seasons) or of the totals (alias `t`). */
export function leaderSorts(block: StatBlock, mode: LeaderMode): SortColumns {
  const out: Record<string, { sql: string; nullable: boolean }> = {};
  for (const k of LEADER_STAT_SORTS)
    out[k] = { sql: mode === 'seasons' ? `ps.${block}_${k}` : `t.${k}`, nullable: true };
  if (mode === 'seasons') {
    out.name = { sql: 'ps.name', nullable: false };
    out.draftAge = { sql: 'ps.draftAge', nullable: true };
    out.season = { sql: 'ps.seasonSlug', nullable: false };
    out.league = { sql: 'ps.leagueSlug', nullable: false };
    // NHLe (shared/domain/nhle.ts): the regular season's PTS/GP times the league's factor (`nhle_factors`, alias `nf`).
    if (block === 'regularStats') {
      out.nhlePTSperGP = { sql: 'ps.regularStats_PTSperGP * nf.factor', nullable: true };
      out.nhle82 = { sql: `ps.regularStats_PTSperGP * nf.factor * ${NHLE_SEASON_GAMES}`, nullable: true };
    }
  } else {
    out.name = { sql: 't.name', nullable: false };
    out.season = { sql: 't.seasonFrom', nullable: false };
    out.league = { sql: 't.leagues', nullable: false };
  }
  return out;
}

/** The stated tie-break (the definition's: fewer games, then the name in binary order, then the row). */
export function leaderTieBreak(block: StatBlock, mode: LeaderMode): string {
  const sql: Readonly<Record<string, string>> =
    mode === 'seasons'
      ? { GP: `ps.${block}_GP`, name: 'ps.name', id: 'ps.id' }
      : { GP: 't.GP', name: 't.name', id: 't.playerId' };
  return tieBreakSql(LEADERS_LIST, (key) => sql[key]);
}

/**
 * Checks a raw leaders query (the page's, untrusted): each filter by its definition's kind and bounds,
 * `sort` against the allow-list of its mode (own keys only), `offset` and `limit` as the spec bounds them.
 * The issue names the parameter.
 */
export function checkLeaderQuery(raw: RawPlayerQuery): Checked<LeaderQuery> {
  const parsed = checkListParams(LEADERS_LIST, raw);
  if (!parsed.ok) return parsed;
  const { controls } = parsed.value;
  const { block = 'regularStats', mode = 'seasons', minGP, ...filters } = parsed.value.filters;
  const goalies = filters.position?.[0] === 'G';
  const sortText =
    controls.sort ?? (goalies ? LEADERS_LIST.defaultSorts?.goalies : undefined) ?? LEADERS_LIST.defaultSort;
  const terms = parseSortTokens(sortText, leaderSorts(block as StatBlock, mode as LeaderMode));
  if (!terms.ok) return terms;
  const page = parsePaging({ offset: controls.offset, limit: controls.limit });
  if (!page.ok) return page;
  return {
    ok: true,
    value: {
      ...filters,
      block: block as StatBlock,
      mode: mode as LeaderMode,
      goalies,
      minGP: minGP ?? defaultMinGP(mode as LeaderMode, block as StatBlock),
      sort: terms.value,
      sortText,
      ...page.value,
    },
  };
}

const marks = (n: number) => new Array(n).fill('?').join(',');

/** The WHERE conditions over `ps` and `p` of a query's filters, and their values in order (min GP aside). */
export function leaderConditions(q: LeaderQuery): { where: string[]; params: (string | number)[] } {
  const where: string[] = ['ps.goalieLine = ?'];
  const params: (string | number)[] = [q.goalies ? 1 : 0];
  const add = (cond: string, ...values: (string | number)[]) => {
    where.push(cond);
    params.push(...values);
  };
  if (q.league !== undefined && q.league.length > 0) add(`ps.leagueSlug IN (${marks(q.league.length)})`, ...q.league);
  if (q.season !== undefined) add('ps.seasonSlug = ?', q.season);
  if (q['season:min'] !== undefined) add('ps.seasonSlug >= ?', q['season:min']);
  if (q['season:max'] !== undefined) add('ps.seasonSlug <= ?', q['season:max']);
  if (q.position !== undefined && !q.goalies && q.position.length > 0) {
    const mask = q.position.reduce((m, p) => m | positionFilterMask(p as Position), 0);
    add('(ps.posMask & ?) != 0', mask);
  }
  if (q.nationality !== undefined && q.nationality.length > 0)
    add(`p.nationalitySlug IN (${marks(q.nationality.length)})`, ...q.nationality);
  if (q.team !== undefined) add("ps.teamIds LIKE '%,' || ? || ',%'", String(q.team));
  if (q['draftAge:min'] !== undefined) add('ps.draftAge >= ?', q['draftAge:min']);
  if (q['draftAge:max'] !== undefined) add('ps.draftAge <= ?', q['draftAge:max']);
  // As shared/domain/draft.ts's hasDraftStatus.
  const notYet = '(p.draftYear IS NULL OR p.draftYear >= ps.endYear)';
  if (q.draft === 'drafted') add('p.draftYear IS NOT NULL');
  if (q.draft === 'undrafted') add('p.draftYear IS NULL');
  if (q.draft === 'eligible') add(`ps.draftAge = 18 AND ${notYet}`);
  if (q.draft === 'overage') add(`ps.draftAge > 18 AND ${notYet}`);
  return { where, params };
}

/** The ORDER BY terms of a checked query (the engine's, ending in the stated tie-break). */
export function leaderOrderBy(q: LeaderQuery): string {
  return orderByTerms(q.sort, leaderSorts(q.block, q.mode), leaderTieBreak(q.block, q.mode));
}
