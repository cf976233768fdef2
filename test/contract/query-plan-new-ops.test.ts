import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionFrom } from '../../service/auth/subscription.ts';
import { contextOf } from '../../service/http/handler.ts';
import { Router } from '../../service/http/router.ts';
import { OPERATIONS } from '../../service/ops/index.ts';
import { planList } from '../../service/query/run-list.ts';
import { Statements } from '../../service/query/statements.ts';
import type { ListOp } from '../../service/query/types.ts';
import { type Fixture, startFixture } from './service-fixture.ts';

/**
 * The hot queries of the operations added later use indexes: EXPLAIN QUERY PLAN of the exact COUNT
 * and page statements the server builds (`planList`), as test/contract/query-plan.test.ts does for
 * the first ones. Small tables (game logs, stars and cult players, agencies) may be scanned.
 */
let f: Fixture;
let db: DatabaseSync;
let hot: { teamId: number; season: string; league: string; playerId: number };

beforeAll(async () => {
  f = await startFixture();
  db = new DatabaseSync(f.dbFile, { readOnly: true });
  const [row] = f.sql<{ teamId: number; seasonSlug: string; leagueSlug: string; playerId: number }>(
    'SELECT teamId, seasonSlug, leagueSlug, playerId FROM player_stats WHERE isGoalie = 1 ORDER BY id LIMIT 1',
  );
  hot = {
    teamId: row?.teamId as number,
    season: row?.seasonSlug as string,
    league: row?.leagueSlug as string,
    playerId: row?.playerId as number,
  };
});
afterAll(async () => {
  db?.close();
  await f?.close();
});

function plans(path: string): { sql: string; detail: string }[] {
  const url = new URL(`http://127.0.0.1/v1${path}`);
  const m = new Router(OPERATIONS).match(path.split('?')[0] as string);
  if (m?.op.kind !== 'list') throw new Error(`no list op at ${path}`);
  const sub = subscriptionFrom({ organisation: 't', leagues: '*', seasons: '*', categories: '*' });
  const ctx = contextOf({ db, stmts: new Statements(db) }, url, 'http://127.0.0.1', sub, m.params);
  const plan = planList(m.op as ListOp, ctx);
  return [
    { sql: plan.countSql, params: plan.params },
    { sql: plan.pageSql, params: [...plan.params, 100, 0] },
  ].map(({ sql, params }) => ({
    sql,
    detail: (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
      .map((r) => r.detail)
      .join('\n'),
  }));
}

/** Every statement's plan matches `re`, and no listed alias is read by a full scan. */
function expectPlans(path: string, re: RegExp, big: string[]): void {
  for (const { sql, detail } of plans(path)) {
    expect(detail, `${sql}\n${detail}`).toMatch(re);
    for (const line of detail.split('\n')) {
      const m = /^SCAN (\S+)/.exec(line);
      if (m && big.includes(m[1] as string)) expect(line, `${sql}\n${detail}`).toMatch(/USING (COVERING )?INDEX/);
    }
  }
}

describe('hot queries of the later operations use indexes (EXPLAIN QUERY PLAN)', () => {
  it('team player-stats search the team index with the season', () => {
    expectPlans(
      `/teams/${hot.teamId}/player-stats?season=${hot.season}`,
      /SEARCH ps USING (COVERING )?INDEX player_stats_team_\w+ \(teamId=\? AND isGoalie=\? AND seasonSlug=\?\)/,
      ['ps'],
    );
  });

  it('in-the-system counts search the rights index', () => {
    expectPlans(`/teams/${hot.teamId}/in-the-system/leagues`, /SEARCH p USING INDEX players_rights/, ['p', 'ct']);
  });

  it('transfer years search both transfer indexes', () => {
    expectPlans(
      `/teams/${hot.teamId}/transfers/years`,
      /SEARCH transfers USING COVERING INDEX transfers_from[\s\S]*SEARCH transfers USING COVERING INDEX transfers_to/,
      ['transfers'],
    );
  });

  it('team comparison searches the league-season index', () => {
    expectPlans(
      `/leagues/${hot.league}/${hot.season}/team-comparison`,
      /SEARCH ps USING INDEX player_stats_league \(leagueSlug=\? AND seasonSlug=\?\)/,
      ['ps', 'p'],
    );
  });

  it('where-are-they-now searches the materialised alumni table by league', () => {
    expectPlans(
      `/leagues/${hot.league}/where-are-they-now`,
      /SEARCH a USING COVERING INDEX league_alumni_league \(leagueSlug=\?\)/,
      ['a', 'p', 'ps'],
    );
  });

  it('staff counts per team walk the team index in group order', () => {
    expectPlans('/staff-stats/teams', /(SCAN|SEARCH) ss USING (COVERING )?INDEX staff_stats_team/, ['ss']);
  });

  it('player images search the player index', () => {
    expectPlans(`/players/${hot.playerId}/images`, /SEARCH pi USING (COVERING )?INDEX player_images_player/, ['pi']);
  });

  it('agencies by name walk the name index', () => {
    expectPlans('/agencies?sort=name', /SCAN a USING INDEX agencies_name|SCAN agencies USING COVERING INDEX/, []);
  });
});
