import type { ColumnSpec } from '../../../shared/columns/index.ts';

const RESERVED = new Set(['sort', 'offset', 'limit', 'fields']);

/** Short words for file names by view, so names stay short: `rinkside-goaltending-regular-season-MTL-1976-1977.xlsx`. */
const VIEW_WORDS: Record<string, string> = {
  'Goaltending leaders': 'goaltending',
  Teams: 'teams',
  Standings: 'standings',
  'Scouting list': 'list',
};

function slugPart(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}

/**
 * The suggested file name of an export from its context words: view (short), the part of the season
 * (`block`: regular season, playoffs or total, so the three parts of one table never share a name), list
 * name, team code (or team), league, season, e.g. `{view: 'Scouting list', list: 'Top prospects'}` →
 * `rinkside-list-Top-prospects.csv`; `{view: 'Goaltending leaders', block: 'Playoffs', teamCode: 'MTL',
 * season: '1976-1977'}` + `xlsx` → `rinkside-goaltending-playoffs-MTL-1976-1977.xlsx`. Only letters,
 * digits and dashes.
 */
export function suggestedFileName(
  context: Readonly<Record<string, string>>,
  ext: 'csv' | 'xlsx' | 'json' | 'pdf',
): string {
  const view = context.view ?? 'table';
  const parts = [
    VIEW_WORDS[view] ?? view.toLowerCase(),
    context.block?.toLowerCase(),
    context.list,
    context.teamCode ?? context.team,
    context.league,
    context.season,
  ]
    .filter((p): p is string => typeof p === 'string' && p !== '')
    .map(slugPart)
    .filter((p) => p !== '');
  return `rinkside-${parts.join('-') || 'table'}.${ext}`;
}

/**
 * The query of an export in words, for the About sheet: the context values, then the sort (by the
 * columns' headers where the catalog knows the key) and the filters, e.g.
 * `Goaltending leaders · Montreal Canadiens · 1976-1977 · Regular season; sorted by SV% descending; filters: season = 1976-1977`.
 */
export function queryInWords(
  context: Readonly<Record<string, string>>,
  query: Readonly<Record<string, string>>,
  catalog: ReadonlyMap<string, ColumnSpec>,
): string {
  const parts: string[] = [];
  const ctx = Object.entries(context)
    .filter(([k]) => k !== 'teamCode')
    .map(([, v]) => v)
    .filter((v) => v !== '');
  if (ctx.length > 0) parts.push(ctx.join(' · '));
  const sort = (query.sort ?? '').split(',').filter((s) => s !== '');
  if (sort.length > 0) {
    const byKey = new Map([...catalog.values()].flatMap((c) => (c.sortKey ? [[c.sortKey, c.abbr] as const] : [])));
    const words = sort.map((t) => {
      const desc = t.startsWith('-');
      const key = desc ? t.slice(1) : t;
      return `${byKey.get(key) ?? key} ${desc ? 'descending' : 'ascending'}`;
    });
    parts.push(`sorted by ${words.join(', then ')}`);
  }
  const filters = Object.entries(query).filter(([k, v]) => !RESERVED.has(k) && v !== '');
  parts.push(filters.length > 0 ? `filters: ${filters.map(([k, v]) => `${k} = ${v}`).join(', ')}` : 'no filters');
  return parts.join('; ');
}
