import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionFrom } from '../../service/auth/subscription.ts';
import { contextOf } from '../../service/http/handler.ts';
import { Router } from '../../service/http/router.ts';
import { OPERATIONS } from '../../service/ops/index.ts';
import { planList } from '../../service/query/run-list.ts';
import { Statements } from '../../service/query/statements.ts';
import type { ListOp } from '../../service/query/types.ts';
import { type Fixture, startFixture } from './service-fixture.ts';

let f: Fixture;
let db: DatabaseSync;
let hot: { teamId: number; season: string; league: string };

beforeAll(async () => {
  f = await startFixture();
  db = new DatabaseSync(f.dbFile, { readOnly: true });
  const [row] = f.sql<{ teamId: number; seasonSlug: string; leagueSlug: string }>(
    'SELECT teamId, seasonSlug, leagueSlug FROM player_stats WHERE isGoalie = 1 ORDER BY id LIMIT 1',
  );
  hot = { teamId: row?.teamId as number, season: row?.seasonSlug as string, league: row?.leagueSlug as string };
});
afterAll(async () => {
  db?.close();
  await f?.close();
});

/** The statements the server builds for `path` (under /v1): COUNT, page and, for `pageKey` lists, rows by key. */
function planOf(path: string, leagues: '*' | string[] = '*') {
  const url = new URL(`http://127.0.0.1/v1${path}`);
  const m = new Router(OPERATIONS).match(path.split('?')[0] as string);
  if (m?.op.kind !== 'list') throw new Error(`no list op at ${path}`);
  const sub = subscriptionFrom({ organisation: 't', leagues, seasons: '*', categories: '*' });
  const ctx = contextOf({ db, stmts: new Statements(db) }, url, 'http://127.0.0.1', sub, m.params);
  return planList(m.op as ListOp, ctx);
}

function explain(sql: string, params: SQLInputValue[]): { sql: string; detail: string[] } {
  return {
    sql,
    detail: (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail),
  };
}

/** EXPLAIN QUERY PLAN of the COUNT and page statements the server builds for `path` (under /v1). */
function plans(path: string, leagues: '*' | string[] = '*'): { sql: string; detail: string[] }[] {
  const plan = planOf(path, leagues);
  return [explain(plan.countSql, plan.params), explain(plan.pageSql, [...plan.params, 100, 0])];
}

/** No step reads a big table row by row without an index. */
function expectNoFullScan(p: { sql: string; detail: string[] }[], aliases: string[]): void {
  for (const { sql, detail } of p) {
    for (const line of detail) {
      const m = /^SCAN (\S+)/.exec(line);
      if (m && aliases.includes(m[1] as string))
        expect(line, `${sql}\n${detail.join('\n')}`).toMatch(/USING (COVERING )?INDEX/);
    }
  }
}

describe('hot queries use indexes (EXPLAIN QUERY PLAN)', () => {
  it('teams list sorted by name walks the name index', () => {
    const p = plans('/teams?sort=name');
    expectNoFullScan(p, ['t', 'teams']);
    expect(p[1]?.detail.join('\n')).toMatch(/SCAN t USING INDEX teams_name/);
  });

  // SQLite may search the league index then sort, or walk the sort index and filter: both use an index.
  it('teams of one league sorted by name read teams through an index', () => {
    const p = plans(`/teams?sort=name&league=${hot.league}`);
    expectNoFullScan(p, ['t', 'teams']);
    expect(p[1]?.detail.join('\n')).toMatch(/(SEARCH|SCAN) t USING (COVERING )?INDEX teams_(league|name)/);
  });

  it('a restricted key reads teams through an index', () => {
    const p = plans('/teams?sort=-views', [hot.league]);
    expectNoFullScan(p, ['t', 'teams']);
    expect(p[1]?.detail.join('\n')).toMatch(/(SEARCH|SCAN) t USING (COVERING )?INDEX teams_(league|views)/);
  });

  for (const sort of ['-regularStats.SVP', 'regularStats.GAA', '-regularStats.GP', '-totalStats.SO', 'player']) {
    it(`goaltending-leaders for a team and season, sort=${sort}, search a player_stats team index`, () => {
      const p = plans(`/teams/${hot.teamId}/goaltending-leaders?season=${hot.season}&sort=${sort}`);
      expectNoFullScan(p, ['ps', 'player_stats', 'p', 'players']);
      for (const { detail } of p) {
        expect(detail.join('\n')).toMatch(
          /SEARCH ps USING (COVERING )?INDEX player_stats_team_\w+ \(teamId=\? AND isGoalie=\? AND seasonSlug/,
        );
      }
    });
  }

  it('goaltending-leaders reads its page rows by primary key, after paging on ids', () => {
    const plan = planOf(`/teams/${hot.teamId}/goaltending-leaders?season=${hot.season}`);
    expect(plan.rowsSql, 'goaltending-leaders pages by key').not.toBeNull();
    const rows = explain(plan.rowsSql as string, [JSON.stringify([1, 2, 3])]);
    expectNoFullScan([rows], ['ps', 'player_stats']);
    expect(rows.detail.join('\n')).toMatch(/SEARCH ps USING INTEGER PRIMARY KEY \(rowid=\?\)/);
  });

  it('standings for a league and season search the standings index in position order', () => {
    const p = plans(`/leagues/${hot.league}/standings?season=${hot.season}`);
    expectNoFullScan(p, ['s', 'standings']);
    for (const { detail } of p) {
      expect(detail.join('\n')).toMatch(
        /SEARCH s USING (COVERING )?INDEX standings_league_season \(leagueSlug=\? AND seasonSlug=\?\)/,
      );
    }
  });

  it('team seasons and league seasons do not scan big tables', () => {
    expectNoFullScan(plans(`/teams/${hot.teamId}/seasons`), ['ts', 'team_seasons']);
    expectNoFullScan(plans(`/leagues/${hot.league}/seasons`), ['ts', 'team_seasons']);
  });
});

describe('team search plans', () => {
  it('q (3+ characters) searches the trigram index of every name, name= the names key; teams only through an index', () => {
    for (const [path, names] of [
      ['/teams?q=hawks', /SCAN temp\.team_names_fts VIRTUAL TABLE INDEX \d+:M/],
      ['/teams?q=Black%20Hawks&league=nhl', /SCAN temp\.team_names_fts VIRTUAL TABLE INDEX \d+:M/],
      ['/teams?name=Some%20Name', /SEARCH temp\.team_names USING PRIMARY KEY \(name=\?\)/],
    ] as const) {
      const p = plans(path);
      expectNoFullScan(p, ['t', 'teams']);
      for (const { detail } of p) expect(detail.join('\n'), path).toMatch(names);
    }
  });
});
