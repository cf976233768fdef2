import { describe, expect, it } from 'vitest';
import {
  CATALOG,
  columnsForEndpoint,
  columnsWithData,
  countryText,
  fieldsFor,
  fileColumns,
  GAME_LOG_COLUMNS,
  GOALTENDING_COLUMNS,
  PLAYER_COLUMNS,
  STAFF_COUNT_COLUMNS,
  STANDINGS_COLUMNS,
  sameValueColumns,
  TEAM_COLUMNS,
  visibleColumns,
} from '../../../shared/columns/index.ts';

// The spec's lists, typed here from spec/hockey-data-service.md (not derived from the catalog).

/** "GET /arenas/{id}/teams" sort list, the team-list sorts (the brief names the same for /teams). */
const SPEC_TEAM_SORTS = ['id', 'name', 'country', 'teamClass', 'views', 'updatedAt', 'mhrRating'];

/** "GET /teams/{id}/goaltending-leaders" sort list. */
const STAT_KEYS = 'GD GP G A PTS PIM PM PPG SA GA GAA SVS SVP SO W L T TOI'.split(' ');
const SPEC_LEADER_SORTS = [
  'id',
  'player',
  'player.position',
  'player.nationality',
  'player.gender',
  'player.age',
  'player.dateOfBirth',
  'player.placeOfBirth',
  'player.weight',
  'player.height',
  'player.youthTeam',
  'player.shoots',
  'player.catches',
  'player.contract',
  'player.capHit',
  'jerseyNumber',
  'playerRole',
  'team',
  'teamName',
  'league',
  'leagueName',
  'leagueType',
  'season',
  'clubTeamPlayerStats.league',
  ...['regularStats', 'postseasonStats', 'totalStats'].flatMap((b) => STAT_KEYS.map((k) => `${b}.${k}`)),
  'coaches.headCoaches',
  'coaches.assistantCoaches',
  'coaches.goaltendingCoaches',
  'updatedAt',
];

/** "GET /teams/{id}/goaltending-leaders" fields list. */
const SPEC_LEADER_FIELDS = [
  'id',
  'player',
  'playerAge',
  'season',
  'statsType',
  'status',
  'team',
  'teamName',
  'teamSlug',
  'teamLogo',
  'teamLogoUrl',
  'league',
  'leagueName',
  'leagueFullName',
  'leagueType',
  'jerseyNumber',
  'playerRole',
  'contractType',
  'regularStats',
  'postseasonType',
  'postseasonName',
  'postseasonStats',
  'totalStats',
  'statsProvider',
  'clubTeamPlayerStats',
  'coaches',
  'isActiveSeason',
  'updatedAt',
];

/** "GET /arenas/{id}/teams" fields list (non-wildcard). */
const SPEC_TEAM_FIELDS =
  'id name extraName fullName logo logoUrl founded city colors status league secondaryLeague teamType teamClass country continent flagUrl defaultSeason activeSeason secondaryArena capHit views currentRosterSize links notes serviceUrlPath slug updatedAt _links mhrRating mhrId mhrUrl'.split(
    ' ',
  );

/**
 * Standings sorts: `group` and `position` as public clients ask (real-service-notes), `teamName`, and
 * the record's `stats` keys GP W L T OTW OTL PTS GF GA GD PPG (real-service-notes, "Standings record").
 */
const STANDINGS_SORTS = [
  'position',
  'group',
  'teamName',
  ...'GP W L T OTW OTL PTS GF GA GD PPG'.split(' ').map((k) => `stats.${k}`),
];

describe('column catalog', () => {
  it('every sortable team column sorts by a key the spec allows', () => {
    for (const c of TEAM_COLUMNS) if (c.sortKey) expect(SPEC_TEAM_SORTS).toContain(c.sortKey);
    expect(TEAM_COLUMNS.filter((c) => c.sortKey).length).toBeGreaterThanOrEqual(5);
  });
  it('every sortable goaltending column sorts by a key the spec allows', () => {
    for (const cols of Object.values(GOALTENDING_COLUMNS)) {
      for (const c of cols) if (c.sortKey) expect(SPEC_LEADER_SORTS).toContain(c.sortKey);
    }
  });
  it('every sortable standings column sorts by a known standings key', () => {
    for (const c of STANDINGS_COLUMNS) if (c.sortKey) expect(STANDINGS_SORTS).toContain(c.sortKey);
  });
  it('the fields each column needs are allowed fields of its endpoint', () => {
    for (const f of fieldsFor(CATALOG.team, TEAM_COLUMNS) ?? []) expect(SPEC_TEAM_FIELDS).toContain(f);
    for (const cols of Object.values(GOALTENDING_COLUMNS)) {
      for (const f of fieldsFor(CATALOG.goaltendingLeaders, cols) ?? []) expect(SPEC_LEADER_FIELDS).toContain(f);
    }
    expect(fieldsFor(CATALOG.standings, STANDINGS_COLUMNS)).toBeUndefined();
  });
  it('ids are unique per resource and every column has a header and tooltip', () => {
    for (const cols of [TEAM_COLUMNS, STANDINGS_COLUMNS, ...Object.values(GOALTENDING_COLUMNS)]) {
      const ids = cols.map((c) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const c of cols) {
        expect(c.abbr).not.toBe('');
        expect(c.title).not.toBe('');
      }
    }
  });
  it('the goaltending columns are the issue’s, in its order, for each stat block', () => {
    expect(GOALTENDING_COLUMNS.regularStats.map((c) => c.abbr)).toEqual(
      'Player GP W L T SO GA SA SVS SV% GAA TOI'.split(' '),
    );
    expect(GOALTENDING_COLUMNS.postseasonStats.find((c) => c.abbr === 'SV%')?.sortKey).toBe('postseasonStats.SVP');
    expect(GOALTENDING_COLUMNS.totalStats.find((c) => c.abbr === 'GAA')?.field).toBe('totalStats.GAA');
  });
  it('default sorts are the spec’s', () => {
    expect(CATALOG.goaltendingLeaders.defaultSort).toEqual(['-regularStats.SVP']);
  });
});

describe('columnsWithData (optional columns show only with data)', () => {
  const teams = [
    { id: 1, name: 'Boston Beavers', city: 'Boston', mhrRating: null, views: 12 },
    { id: 2, name: 'Austria', city: null, mhrRating: null, views: 0 },
  ];
  const ids = (cols: readonly { id: string }[]) => cols.map((c) => c.id);

  it('drops an optional column no row has a value in, and keeps one with a single value (0 counts)', () => {
    const shown = ids(columnsWithData(TEAM_COLUMNS, teams));
    expect(shown).not.toContain('mhrRating');
    expect(shown).not.toContain('founded');
    expect(shown).toContain('city');
    expect(shown).toContain('views');
    expect(shown).toContain('name');
    expect(shown).toContain('league');
  });

  it('keeps an empty optional column the table is sorted by', () => {
    expect(ids(columnsWithData(TEAM_COLUMNS, teams, ['mhrRating']))).toContain('mhrRating');
  });

  it('shows only the always-on columns before the rows arrive, and every column when all have data', () => {
    const loading = ids(columnsWithData(TEAM_COLUMNS, undefined));
    expect(loading).toEqual(TEAM_COLUMNS.filter((c) => !c.hideWhenEmpty).map((c) => c.id));
    const full = [{ city: 'Kyiv', founded: 1990, views: 1, mhrRating: 88, updatedAt: '2026-01-01T00:00:00Z' }];
    expect(columnsWithData(TEAM_COLUMNS, full)).toBe(TEAM_COLUMNS);
  });

  it('hides goalie ties and shots only when the era has none; SV% and GAA always show', () => {
    const modern = [{ regularStats: { GP: 60, T: null, SA: 1700, SVS: 1560, SVP: null, GAA: null } }];
    const shown = ids(columnsWithData(GOALTENDING_COLUMNS.regularStats, modern));
    expect(shown).not.toContain('regularStats.T');
    expect(shown).toContain('regularStats.SA');
    expect(shown).toContain('regularStats.SVP');
    expect(shown).toContain('regularStats.GAA');
  });
});

describe('columns that say nothing: one value on every row of the page', () => {
  // Every other column differs from row to row.
  const row = (id: number, name: string, views: number, updatedAt: string, league = 'NHL') => ({
    id,
    name,
    league: { name: league },
    country: { slug: `c${id}`, name: `Country ${id}` },
    city: `City ${id}`,
    teamClass: id % 2 ? 'men' : 'women',
    teamType: id % 2 ? 'club' : 'international',
    status: id % 2 ? 'active' : 'not-active',
    founded: 1900 + id,
    mhrRating: id,
    views,
    updatedAt,
  });
  const databank = [
    row(1, 'Boston Bruins', 0, '2026-05-02T10:00:01Z'),
    row(2, 'Toronto Maple Leafs', 0, '2026-05-02T10:00:07Z'),
    row(3, 'New York Rangers', 0, '2026-05-02T10:00:09Z', 'WHA'),
  ];
  const ids = (cols: readonly { id: string }[]) => cols.map((c) => c.id);

  it('finds Views 0 and one Updated date (as shown: the same day) on every row, with the value shown', () => {
    const same = sameValueColumns(TEAM_COLUMNS, databank).map((s) => [s.column.id, s.value]);
    expect(same).toEqual([
      ['views', '0'],
      ['updatedAt', '2026-05-02'],
    ]);
    const v = visibleColumns(TEAM_COLUMNS, databank);
    expect(ids(v.shown)).not.toContain('views');
    expect(ids(v.shown)).not.toContain('updatedAt');
    expect(ids(v.shown)).toContain('league');
    expect(v.revealed).toEqual([]);
  });

  it('never the first column, a sorted column, or on fewer than three rows; the scout can show them', () => {
    const one = [row(1, 'A', 0, '2026-05-02'), row(2, 'A', 0, '2026-05-02'), row(3, 'A', 0, '2026-05-03')];
    expect(ids(sameValueColumns(TEAM_COLUMNS, one).map((s) => s.column))).not.toContain('name');
    expect(ids(sameValueColumns(TEAM_COLUMNS, databank, ['views']).map((s) => s.column))).toEqual(['updatedAt']);
    expect(sameValueColumns(TEAM_COLUMNS, databank.slice(0, 2))).toEqual([]);
    const v = visibleColumns(TEAM_COLUMNS, databank, [], ['views']);
    expect(ids(v.shown)).toContain('views');
    expect(ids(v.hidden.map((s) => s.column))).toEqual(['updatedAt']);
    expect(ids(v.revealed.map((s) => s.column))).toEqual(['views']);
  });

  it('a file keeps them (it has no line under it to name their value), but not a column blank on every row', () => {
    const oneLeague = databank.map((r) => ({ ...r, league: { name: 'NHL' }, city: null }));
    const shown = ids(visibleColumns(TEAM_COLUMNS, oneLeague).shown);
    expect(shown).not.toContain('league');
    const file = ids(fileColumns(TEAM_COLUMNS, oneLeague));
    for (const id of ['league', 'views', 'updatedAt']) expect(file).toContain(id);
    expect(file).not.toContain('city');
    // In the catalog's order: the file's columns are the table's, with those put back where they were.
    expect(file).toEqual(ids(TEAM_COLUMNS).filter((id) => file.includes(id)));
    expect(file.filter((id) => !['league', 'views', 'updatedAt'].includes(id))).toEqual(
      shown.filter((id) => id !== 'city'),
    );
  });
});

describe('columns a table is for stay when every row agrees (keepWhenSame)', () => {
  const ids = (cols: readonly { column: { id: string } }[]) => cols.map((s) => s.column.id);

  it('staff entries per team: one head coach each keeps Entries 1 on every row; League goes to the note', () => {
    const rows = ['Boston Bruins', 'Buffalo Sabres', 'Calgary Flames'].map((name, i) => ({
      team: { id: i + 1, name, league: { name: 'NHL' }, country: { slug: `c${i}`, name: `Country ${i}` } },
      count: 1,
    }));
    const v = visibleColumns(STAFF_COUNT_COLUMNS, rows, ['team']);
    expect(v.shown.map((c) => c.id)).toContain('count');
    expect(ids(v.hidden)).toEqual(['league']);
  });

  it('a playoff series: one opponent and a streak of wins stay in the table; his own team goes', () => {
    const game = (date: string, teamScore: number) => ({
      date,
      teamName: 'Albany Hawks',
      opponentName: 'Newark Sabres',
      teamScore,
      opponentScore: 1,
      teamScoreSo: null,
      opponentScoreSo: null,
      season: { slug: '2025-2026' },
    });
    const rows = [game('2026-04-20', 2), game('2026-04-22', 3), game('2026-04-24', 4)];
    const v = visibleColumns(GAME_LOG_COLUMNS, rows, ['date']);
    expect(v.shown.map((c) => c.id)).toEqual(expect.arrayContaining(['opponent', 'result']));
    expect(ids(v.hidden)).toEqual(['team', 'opponentScore', 'season']);
  });
});

describe('a nationality reads the same everywhere: the country’s name with its code', () => {
  it('the three-letter slug as the code, else the ISO alpha-2; the name alone when it is the code', () => {
    expect(countryText({ slug: 'can', name: 'Canada', iso_3166_1_alpha_2: 'CA' })).toBe('Canada (CAN)');
    expect(countryText({ slug: 'fin', name: 'Finland' })).toBe('Finland (FIN)');
    expect(countryText({ slug: 'finland', name: 'Finland', iso_3166_1_alpha_2: 'fi' })).toBe('Finland (FI)');
    expect(countryText({ slug: 'usa', name: 'USA' })).toBe('USA');
    expect(countryText({ slug: 'swe', name: null })).toBe('SWE');
    expect(countryText(null)).toBe('—');
  });

  it('the Players column reads the whole country, and sorts by its name', () => {
    const nat = PLAYER_COLUMNS.find((c) => c.id === 'nationality');
    expect(nat?.format).toBe('country');
    expect(nat?.sortKey).toBe('nationality.name');
  });
});

describe('better direction and first-click sort (lower-is-better stats sort best first)', () => {
  // Lower is better for these, by hockey convention (not read from the catalog).
  const LOWER = ['GA', 'GAA', 'L'];
  it('goaltending: GA, GAA and L say lower is better and sort ascending first; SV% and W descending', () => {
    for (const c of GOALTENDING_COLUMNS.regularStats) {
      const key = c.id.split('.')[1] ?? '';
      if (LOWER.includes(key)) {
        expect(c.better, c.id).toBe('lower');
        expect(c.sortDescFirst, c.id).toBe(false);
      }
    }
    const svp = GOALTENDING_COLUMNS.regularStats.find((c) => c.id === 'regularStats.SVP');
    expect(svp?.better).toBe('higher');
    expect(svp?.sortDescFirst).toBe(true);
    expect(svp?.unit).toBe('fraction of shots');
  });
  it('standings: L, OTL and GA sort ascending first, PTS descending', () => {
    const by = (id: string) => STANDINGS_COLUMNS.find((c) => c.id === id);
    for (const id of ['stats.L', 'stats.OTL', 'stats.GA']) expect(by(id)?.sortDescFirst, id).toBe(false);
    expect(by('stats.PTS')?.sortDescFirst).toBe(true);
  });
  it('columnsForEndpoint lists every column of the leaders once, all three blocks and the season', () => {
    const cols = columnsForEndpoint('teamGoaltendingLeaders');
    const ids = cols.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('season');
    expect(ids).toContain('player');
    // 11 stats shown per block (GP W L T SO GA SA SVS SV% GAA TOI), three blocks.
    expect(ids.filter((id) => /^(regular|postseason|total)Stats\./.test(id))).toHaveLength(33);
    expect(columnsForEndpoint('teams').map((c) => c.id)).toContain('name');
    expect(columnsForEndpoint('team')).toEqual([]);
  });
});
