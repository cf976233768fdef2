import { z } from 'zod';
import { SEASON_SLUG_RE, SLUG_RE } from '../../../shared/contract/spec.ts';
import { DRAFT_STATUSES } from '../../../shared/domain/draft.ts';
import {
  defaultMinGP,
  LEADER_DEFAULT_SORT,
  LEADER_MODES,
  LEADER_STAT_SORTS,
  type LeaderMode,
} from '../../../shared/domain/leaders.ts';
import { NHLE_SEASON_GAMES } from '../../../shared/domain/nhle.ts';
import { STAT_BLOCKS, type StatBlock } from '../../../shared/domain/offline.ts';
import { type Position, positionFilterMask } from '../../../shared/domain/stat-lines.ts';
import {
  type Checked,
  type ListQueryIssue,
  orderByTerms,
  parsePaging,
  parseSortTokens,
  type SortColumns,
  type SortTerm,
} from '../../../shared/query/list-engine.ts';
import type { RawPlayerQuery } from '../api.ts';

/**
 * The leaders query (shared/domain/leaders.ts): its parameters checked, and translated into SQL over
 * `player_seasons ps JOIN players p`. Sorting and paging go through the shared list-query engine; ties
 * are broken by fewer games, then the player's name, then the row (stable pages).
 */

const list = (re: RegExp, what: string) =>
  z
    .string()
    .max(2000)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    )
    .refine((v) => v.every((s) => re.test(s)), `each item must be ${what}`);

const wholeNumber = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,4}$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n <= max, `${name} must be between 0 and ${max}`);

const POSITION_VALUES = ['C', 'LW', 'RW', 'D', 'F', 'G'] as const;

const LeaderParamsSchema = z
  .object({
    league: list(SLUG_RE, 'a league slug').optional(),
    season: z.string().regex(SEASON_SLUG_RE, 'a season slug such as 1992-1993').optional(),
    'season:min': z.string().regex(SEASON_SLUG_RE, 'a season slug such as 1980-1981').optional(),
    'season:max': z.string().regex(SEASON_SLUG_RE, 'a season slug such as 1989-1990').optional(),
    position: list(/^(C|LW|RW|D|F|G)$/, `one of ${POSITION_VALUES.join(', ')}`)
      .refine((v) => !v.includes('G') || v.length === 1, 'G (goalies) cannot be combined with skater positions')
      .optional(),
    nationality: list(/^[a-z]{2,3}$/, 'a country slug').optional(),
    team: z
      .string()
      .regex(/^[1-9]\d{0,9}$/, 'team must be a team id')
      .transform(Number)
      .optional(),
    draft: z.enum(DRAFT_STATUSES).optional(),
    'draftAge:min': wholeNumber('draftAge:min', 99).optional(),
    'draftAge:max': wholeNumber('draftAge:max', 99).optional(),
    block: z.enum(STAT_BLOCKS).optional(),
    mode: z.enum(LEADER_MODES).optional(),
    minGP: wholeNumber('minGP', 9999).optional(),
    sort: z.string().max(500).optional(),
    offset: z.string().optional(),
    limit: z.string().optional(),
    fields: z.string().max(2000).optional(),
  })
  .strict();

/** The parameter names the leaders query accepts. */
export const LEADER_PARAMS: readonly string[] = Object.keys(LeaderParamsSchema.shape);

type Params = z.output<typeof LeaderParamsSchema>;

/** A checked leaders query: filters, the block and mode, min GP (the default applied), sort terms and page. */
export interface LeaderQuery extends Omit<Params, 'sort' | 'offset' | 'limit' | 'fields' | 'block' | 'mode' | 'minGP'> {
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

/** The stated tie-break: fewer games, then the name (binary order), then the row. */
export function leaderTieBreak(block: StatBlock, mode: LeaderMode): string {
  return mode === 'seasons' ? `ps.${block}_GP ASC, ps.name ASC, ps.id ASC` : 't.GP ASC, t.name ASC, t.playerId ASC';
}

function issueOf(error: z.ZodError): ListQueryIssue {
  const issue = error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    const parameter = issue.keys[0] ?? 'query';
    return {
      parameter,
      message: `Unknown parameter ${parameter}; allowed: ${LEADER_PARAMS.join(', ')}`,
      allowed: LEADER_PARAMS,
    };
  }
  const parameter = issue?.path.map(String).join('.') || 'query';
  return { parameter, message: `Invalid ${parameter}: ${issue?.message ?? 'malformed'}` };
}

/**
 * Checks a raw leaders query (the page's, untrusted): each filter, `sort` against the allow-list of its
 * mode (own keys only), `offset` and `limit` as the spec bounds them. The issue names the parameter.
 */
export function checkLeaderQuery(raw: RawPlayerQuery): Checked<LeaderQuery> {
  const parsed = LeaderParamsSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, issue: issueOf(parsed.error) };
  const {
    sort,
    offset,
    limit,
    fields: _fields,
    block = 'regularStats',
    mode = 'seasons',
    minGP,
    ...filters
  } = parsed.data;
  const goalies = filters.position?.[0] === 'G';
  const sortText = sort ?? LEADER_DEFAULT_SORT[goalies ? 'goalies' : 'skaters'];
  const terms = parseSortTokens(sortText, leaderSorts(block, mode));
  if (!terms.ok) return terms;
  const page = parsePaging({ offset, limit });
  if (!page.ok) return page;
  return {
    ok: true,
    value: {
      ...filters,
      block,
      mode,
      goalies,
      minGP: minGP ?? defaultMinGP(mode, block),
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
