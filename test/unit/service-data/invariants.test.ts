// Invariants of the synthetic world, checked by SQL over the whole small database.
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../../service/data/seed.ts';
import { openPlain, scalar, tempDir } from './helpers.ts';

const t = tempDir();
let db: DatabaseSync;

beforeAll(async () => {
  const file = path.join(t.dir, 'small.db');
  await seedDatabase(file, { size: 'small', seed: 11 });
  db = openPlain(file);
});
afterAll(() => {
  db.close();
  t.cleanup();
});

const count = (sql: string) => scalar(db, sql);

describe('goalie stats add up (every goalie row, every block)', () => {
  for (const p of ['reg_', 'post_', 'tot_']) {
    it(`${p}: SVS = SA - GA, SVP = SVS/SA (3 decimals), GAA = GA*60/TOI (2 decimals)`, () => {
      const where = `isGoalie = 1 AND ${p}GP > 0`;
      expect(count(`SELECT count(*) FROM player_stats WHERE ${where}`)).toBeGreaterThan(p === 'post_' ? 5 : 50);
      expect(count(`SELECT count(*) FROM player_stats WHERE ${where} AND ${p}SVS IS NOT ${p}SA - ${p}GA`)).toBe(0);
      expect(
        count(`SELECT count(*) FROM player_stats WHERE ${where} AND abs(${p}SVP - 1.0 * ${p}SVS / ${p}SA) > 0.000501`),
      ).toBe(0);
      expect(
        count(`SELECT count(*) FROM player_stats WHERE ${where} AND abs(${p}GAA - ${p}GA * 60.0 / ${p}TOI) > 0.00501`),
      ).toBe(0);
      expect(count(`SELECT count(*) FROM player_stats WHERE ${where} AND ${p}W + ${p}L + ${p}T > ${p}GP`)).toBe(0);
      expect(count(`SELECT count(*) FROM player_stats WHERE ${where} AND ${p}SO > ${p}W`)).toBe(0);
      expect(count(`SELECT count(*) FROM player_stats WHERE ${where} AND (${p}SVP IS NULL OR ${p}GAA IS NULL)`)).toBe(
        0,
      );
    });
  }

  it('totals are regular + postseason', () => {
    for (const k of ['GP', 'W', 'L', 'T', 'SO', 'GA', 'SA', 'SVS', 'TOI']) {
      expect(
        count(
          `SELECT count(*) FROM player_stats WHERE isGoalie = 1 AND tot_${k} IS NOT reg_${k} + coalesce(post_${k}, 0)`,
        ),
      ).toBe(0);
    }
    expect(count("SELECT count(*) FROM player_stats WHERE post_GP > 0 AND postseasonType IS NOT 'POSTSEASON'")).toBe(0);
  });

  it('save percentages and GAA look like hockey (regulars: SV% .880-.930 on average, GAA 2-3.5)', () => {
    const r = db
      .prepare(
        'SELECT avg(reg_SVP) svp, avg(reg_GAA) gaa, min(reg_SVP) lo, max(reg_SVP) hi FROM player_stats WHERE isGoalie = 1 AND reg_GP >= 20',
      )
      .get() as { svp: number; gaa: number; lo: number; hi: number };
    expect(r.svp).toBeGreaterThan(0.88);
    expect(r.svp).toBeLessThan(0.93);
    expect(r.gaa).toBeGreaterThan(2);
    expect(r.gaa).toBeLessThan(3.5);
    expect(r.lo).toBeGreaterThan(0.85);
    expect(r.hi).toBeLessThan(0.95);
  });

  it("a team's goalies' decisions and goals against match its standings; its skaters' goals are its goals for", () => {
    const teamSeason = `p.teamId = s.teamId AND p.seasonSlug = s.seasonSlug AND p.leagueSlug = s.leagueSlug`;
    expect(
      count(
        `SELECT count(*) FROM standings s WHERE W != (SELECT sum(reg_W) FROM player_stats p WHERE ${teamSeason} AND isGoalie = 1)`,
      ),
    ).toBe(0);
    expect(
      count(
        `SELECT count(*) FROM standings s WHERE L + OTL + T != (SELECT sum(reg_L + reg_T) FROM player_stats p WHERE ${teamSeason} AND isGoalie = 1)`,
      ),
    ).toBe(0);
    expect(
      count(
        `SELECT count(*) FROM standings s WHERE GA < (SELECT sum(reg_GA) FROM player_stats p WHERE ${teamSeason} AND isGoalie = 1)`,
      ),
    ).toBe(0);
    expect(
      count(
        `SELECT count(*) FROM standings s WHERE GF != (SELECT sum(reg_G) FROM player_stats p WHERE ${teamSeason} AND isGoalie = 0)`,
      ),
    ).toBe(0);
  });
});

describe('standings add up', () => {
  it("every goal is one team's goal for and another's goal against: ΣGF = ΣGA in every league-season", () => {
    // Cups play within groups, so there the goals also balance within each group.
    expect(count('SELECT count(DISTINCT leagueSlug || seasonSlug) FROM standings')).toBeGreaterThan(10);
    expect(
      count('SELECT count(*) FROM (SELECT 1 FROM standings GROUP BY leagueSlug, seasonSlug HAVING sum(GF) != sum(GA))'),
    ).toBe(0);
    expect(
      count(
        `SELECT count(*) FROM (SELECT 1 FROM standings s JOIN leagues l ON l.slug = s.leagueSlug WHERE l.leagueType = 'cup'
         GROUP BY s.leagueSlug, s.seasonSlug, s."group" HAVING sum(GF) != sum(GA))`,
      ),
    ).toBe(0);
  });

  it("every decided game is one team's win and another's loss, every tie both teams': ΣW = ΣL + ΣOTL, ΣT even", () => {
    // Per league-season, and per group in a cup, whose teams play only their group.
    const unbalanced = (by: string) =>
      count(
        `SELECT count(*) FROM (SELECT 1 FROM standings s JOIN leagues l ON l.slug = s.leagueSlug GROUP BY ${by}
         HAVING sum(W) != sum(L + OTL) OR sum(T) % 2 != 0)`,
      );
    expect(unbalanced('s.leagueSlug, s.seasonSlug')).toBe(0);
    expect(unbalanced(`s.leagueSlug, s.seasonSlug, CASE WHEN l.leagueType = 'cup' THEN s."group" END`)).toBe(0);
  });

  it('GP = W + L + OTL + T, PTS = 2W + OTL + T, GD = GF - GA', () => {
    expect(count('SELECT count(*) FROM standings')).toBeGreaterThan(50);
    expect(count('SELECT count(*) FROM standings WHERE GP != W + L + OTL + T')).toBe(0);
    expect(count('SELECT count(*) FROM standings WHERE PTS != 2 * W + OTL + T')).toBe(0);
    expect(count('SELECT count(*) FROM standings WHERE GD != GF - GA')).toBe(0);
  });

  it('positions are 1..n within each group of a league and season (the group rank), ordered by PTS', () => {
    const groups = db
      .prepare(
        'SELECT leagueSlug, seasonSlug, "group", count(*) n, min(position) lo, max(position) hi, count(DISTINCT position) d FROM standings GROUP BY 1, 2, 3',
      )
      .all() as { n: number; lo: number; hi: number; d: number }[];
    expect(groups.length).toBeGreaterThan(5);
    for (const g of groups) expect([g.lo, g.hi, g.d]).toEqual([1, g.n, g.n]);
    // Some league-season has more than one group, so position is not a league-wide rank there.
    expect(
      count(
        'SELECT count(*) FROM (SELECT 1 FROM standings GROUP BY leagueSlug, seasonSlug HAVING count(DISTINCT "group") > 1)',
      ),
    ).toBeGreaterThan(0);
    // Each team's PTS is at most the PTS of the team one place above it in its group.
    expect(
      count(`SELECT count(*) FROM standings a JOIN standings b ON a.leagueSlug = b.leagueSlug AND a.seasonSlug = b.seasonSlug
             AND a."group" IS b."group" AND b.position = a.position - 1 WHERE a.PTS > b.PTS`),
    ).toBe(0);
  });

  it('group is the division name in leagues with divisions', () => {
    const groups = (
      db.prepare('SELECT DISTINCT "group" g FROM standings WHERE leagueSlug = \'nhl\' ORDER BY 1').all() as {
        g: string;
      }[]
    ).map((r) => r.g);
    expect(groups.length).toBeGreaterThanOrEqual(2);
    for (const g of groups) expect(g).toMatch(/ Division$/);
  });

  it('each team-season has one standings row and one team_seasons row', () => {
    expect(count('SELECT count(*) FROM standings')).toBe(count('SELECT count(*) FROM team_seasons'));
    expect(
      count(
        'SELECT count(*) FROM standings s LEFT JOIN team_seasons t USING (teamId, seasonSlug, leagueSlug) WHERE t.teamId IS NULL',
      ),
    ).toBe(0);
  });
});

describe('the world is coherent', () => {
  it('has men and women, club and international teams, and a cup', () => {
    expect(count('SELECT count(DISTINCT teamClass) FROM teams')).toBe(2);
    expect(count('SELECT count(DISTINCT teamType) FROM teams')).toBe(2);
    expect(count("SELECT count(*) FROM leagues WHERE leagueType = 'cup'")).toBeGreaterThanOrEqual(1);
    expect(count('SELECT count(*) FROM countries WHERE length(iso_3166_1_alpha_2) = 2 AND length(slug) = 3')).toBe(
      count('SELECT count(*) FROM countries'),
    );
  });

  it('goaltenders have catches, skaters shoots; heights are cm and weights kg', () => {
    expect(count("SELECT count(*) FROM players WHERE position = 'G' AND (catches IS NULL OR shoots IS NOT NULL)")).toBe(
      0,
    );
    expect(
      count("SELECT count(*) FROM players WHERE position != 'G' AND (shoots IS NULL OR catches IS NOT NULL)"),
    ).toBe(0);
    expect(
      count('SELECT count(*) FROM players WHERE heightCm NOT BETWEEN 150 AND 205 OR weightKg NOT BETWEEN 45 AND 120'),
    ).toBe(0);
    expect(
      count("SELECT count(*) FROM players WHERE dateOfBirth NOT GLOB '[12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'"),
    ).toBe(0);
  });

  it('goalie rows are goaltenders; affiliations go both ways', () => {
    expect(
      count(
        "SELECT count(*) FROM player_stats s JOIN players p ON p.id = s.playerId WHERE s.isGoalie != (p.position = 'G')",
      ),
    ).toBe(0);
    expect(count('SELECT count(*) FROM team_affiliates')).toBeGreaterThan(0);
    expect(
      count(
        'SELECT count(*) FROM team_affiliates a WHERE NOT EXISTS (SELECT 1 FROM team_affiliates b WHERE b.teamId = a.affiliateId AND b.affiliateId = a.teamId)',
      ),
    ).toBe(0);
  });

  it('has staff with head, assistant and goaltending coaches, agencies, transfers, images, stars and game logs', () => {
    const roles = (db.prepare('SELECT DISTINCT role FROM staff_stats ORDER BY 1').all() as { role: string }[]).map(
      (r) => r.role,
    );
    expect(roles).toEqual(['Assistant Coach', 'Goaltending Coach', 'Head Coach']);
    for (const table of ['agencies', 'transfers', 'player_images', 'stars_and_cult_players', 'game_logs', 'arenas']) {
      expect(count(`SELECT count(*) FROM ${table}`), table).toBeGreaterThan(0);
    }
  });

  it('every reference resolves (foreign keys) and statuses use the spec values', () => {
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    expect(
      count("SELECT count(*) FROM player_stats WHERE status NOT IN ('rostered', 'not-active-on-team', 'not-active')"),
    ).toBe(0);
    expect(
      count("SELECT count(*) FROM staff_stats WHERE status NOT IN ('rostered', 'not-active-on-team', 'not-active')"),
    ).toBe(0);
    expect(
      count("SELECT count(*) FROM player_stats WHERE playerRole IS NOT NULL AND playerRole NOT IN ('C', 'A')"),
    ).toBe(0);
  });
});
