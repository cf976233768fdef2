// Numbers as the Databank has them: the whole Hockey Databank imported and served by the real local service.
// The expected values are read here from Goalies.csv, Scoring.csv and Master.csv themselves.
// - A stint with a Goalies.csv row and a skater's Scoring.csv row (pos not G, or blank for a player Master.csv
//   does not list as a goalie) is two records: the skating line with Scoring.csv's GP and points and playoffs,
//   the goalie line with Goalies.csv's GP and minutes and no points.
// - A player's death date (Master.csv deathYear, deathMon, deathDay) is served as `dateOfDeath`.
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, startService } from '../../../service/server.ts';
import { DATABANK_DIR, fieldsOf, readLines } from './databank-sample.ts';
import { importDatabankOnce } from './database-once.ts';
import { openPlain, tempDir } from './helpers.ts';

type CsvRow = Record<string, string>;
const rowsOf = (file: string): CsvRow[] => {
  const { header, lines } = readLines(file);
  return lines.map((l) => fieldsOf(header, l));
};
const key = (r: CsvRow) => `${r.playerID}|${r.year}|${r.stint}|${r.tmID}`;
const int = (s: string | undefined) => (s === undefined || s === '' ? null : Number(s));
const season = (year: string | undefined) => `${year}-${Number(year) + 1}`;

const goalies = rowsOf('Goalies.csv');
const scoring = rowsOf('Scoring.csv');
const master = new Map(rowsOf('Master.csv').flatMap((r) => (r.playerID ? [[r.playerID, r] as const] : [])));
const goalieByKey = new Map(goalies.map((r) => [key(r), r]));
/** Scoring.csv rows that are a skater's line in a stint that also has a goalie line. */
const twoLineStints = scoring
  .filter((s) => goalieByKey.has(key(s)))
  .filter((s) => s.pos !== 'G' && !(s.pos === '' && (master.get(s.playerID ?? '')?.pos ?? '').startsWith('G')))
  .map((s) => ({ skating: s, goalie: goalieByKey.get(key(s)) as CsvRow, who: master.get(s.playerID ?? '') as CsvRow }));

interface Line {
  id: number;
  isGoalie: number;
  reg_GP: number | null;
  reg_TOI: number | null;
  reg_G: number | null;
  reg_A: number | null;
  reg_PTS: number | null;
  reg_PPG: number | null;
  post_GP: number | null;
  post_PTS: number | null;
}

const t = tempDir();
const file = path.join(t.dir, 'databank.db');
let db: DatabaseSync;
let service: RunningService;

beforeAll(async () => {
  await importDatabankOnce(DATABANK_DIR, file);
  db = openPlain(file);
  service = await startService({ db: file, port: 0, errorLog: () => {} });
});
afterAll(async () => {
  await service?.close();
  db?.close();
  t.cleanup();
});

const get = async <T>(p: string): Promise<T> => {
  const res = await fetch(`${service.baseUrl}${p}${p.includes('?') ? '&' : '?'}apiKey=${service.demoKey}`);
  expect(res.status, p).toBe(200);
  return (await res.json()) as T;
};

describe('Databank: a skater with a goalie line in the same team-season', () => {
  /** The records of a Master.csv person in a season (by name: the import keeps Master.csv's names). */
  const linesOf = (who: CsvRow, year: string | undefined) =>
    db
      .prepare(
        `SELECT ps.id, isGoalie, reg_GP, reg_TOI, reg_G, reg_A, reg_PTS, reg_PPG, post_GP, post_PTS
           FROM player_stats ps JOIN players p ON p.id = ps.playerId
          WHERE p.firstName = ? AND p.lastName = ? AND ps.seasonSlug = ? ORDER BY ps.id`,
      )
      .all(who.firstName ?? '', who.lastName ?? '', season(year)) as unknown as Line[];

  /** Toronto's team id: the team whose 1931-32 team-season the Databank names Toronto Maple Leafs. */
  const torontoId = () =>
    (
      db
        .prepare("SELECT teamId FROM team_seasons WHERE seasonSlug = '1931-1932' AND teamName = 'Toronto Maple Leafs'")
        .get() as { teamId: number }
    ).teamId;

  it('King Clancy, Toronto 1931-32: his skating line (48 GP, 19 PTS, 7 playoff games) and his goalie line (1 GP, no points)', () => {
    const stint = twoLineStints.find((s) => s.skating.playerID === 'clancki01' && s.skating.year === '1931');
    if (!stint) throw new Error('Scoring.csv has no clancki01 1931 row beside a Goalies.csv row');
    const { skating, goalie } = stint;
    expect([skating.GP, skating.Pts, skating.PostGP, goalie.GP]).toEqual(['48', '19', '7', '1']);
    const lines = linesOf(stint.who, '1931');
    expect(lines).toHaveLength(2);
    expect(lines).toContainEqual(
      expect.objectContaining({
        isGoalie: 0,
        reg_GP: int(skating.GP),
        reg_G: int(skating.G),
        reg_A: int(skating.A),
        reg_PTS: int(skating.Pts),
        post_GP: int(skating.PostGP),
        post_PTS: int(skating.PostPts),
      }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ isGoalie: 1, reg_GP: int(goalie.GP), reg_TOI: int(goalie.Min), reg_PTS: null }),
    );
  });

  it('every such stint is two records, each with the GP of its own file; the skating lines come after every other id', () => {
    const names = twoLineStints.map((s) => `${s.skating.playerID} ${s.skating.year} ${s.skating.tmID}`);
    expect(names).toEqual(expect.arrayContaining(['clancki01 1924 OTS', 'clancki01 1931 TOR']));
    expect(names.filter((n) => n.startsWith('conacch01 '))).toHaveLength(3);
    const total = db.prepare('SELECT COUNT(*) AS n FROM player_stats').get() as { n: number };
    for (const { skating, goalie, who } of twoLineStints) {
      const lines = linesOf(who, skating.year);
      const label = `${skating.playerID} ${skating.year} ${skating.tmID}`;
      const skate = lines.find((l) => l.isGoalie === 0 && l.reg_GP === int(skating.GP));
      expect(skate, label).toMatchObject({
        reg_G: int(skating.G),
        reg_A: int(skating.A),
        reg_PTS: int(skating.Pts),
        post_GP: int(skating.PostGP) || null,
      });
      const inGoal = lines.find(
        (l) => l.isGoalie === 1 && l.reg_GP === int(goalie.GP) && l.reg_TOI === int(goalie.Min),
      );
      expect(inGoal, label).toMatchObject({ reg_G: null, reg_A: null, reg_PTS: null, reg_PPG: null });
      expect(skate?.id, label).toBeGreaterThan(total.n - twoLineStints.length);
    }
  });

  it('team player-stats lists both lines; goaltending leaders only goalie lines (the Goalies.csv rows of the team-season)', async () => {
    const id = torontoId();
    type Rec = { id: number; player: { name: string }; regularStats: { GP: number | null; PTS: number | null } };
    const all = await get<{ data: Rec[] }>(
      `/teams/${id}/player-stats?season=1931-1932&limit=1000&fields=id,player,regularStats`,
    );
    const clancy = all.data.filter((r) => r.player.name === 'King Clancy');
    expect(clancy.map((r) => r.regularStats.GP).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([1, 48]);
    expect(new Set(clancy.map((r) => r.id)).size).toBe(2);

    const leaders = await get<{ data: Rec[] }>(
      `/teams/${id}/goaltending-leaders?season=1931-1932&limit=1000&fields=id,player,regularStats`,
    );
    const want = goalies
      .filter((g) => g.year === '1931' && g.tmID === 'TOR')
      .map((g) => {
        const m = master.get(g.playerID ?? '');
        return `${m?.firstName} ${m?.lastName} ${g.GP}`;
      })
      .sort();
    expect(leaders.data.map((r) => `${r.player.name} ${r.regularStats.GP}`).sort()).toEqual(want);
    expect(leaders.data.find((r) => r.player.name === 'King Clancy')?.regularStats.PTS).toBeNull();
  });

  it('a points-per-game leaderboard (sort=-regularStats.PPG) is led by the best Scoring.csv line, never 19 PTS in 1 GP', async () => {
    type Rec = {
      player: { name: string };
      regularStats: { GP: number | null; PTS: number | null; PPG: number | null };
    };
    const page = await get<{ data: Rec[] }>(
      `/teams/${torontoId()}/player-stats?season=1931-1932&sort=-regularStats.PPG&limit=1000&fields=player,regularStats`,
    );
    const best = scoring
      .filter((s) => s.year === '1931' && s.tmID === 'TOR' && int(s.GP))
      .map((s) => ({ s, ppg: (int(s.Pts) ?? 0) / (int(s.GP) ?? 1) }))
      .sort((a, b) => b.ppg - a.ppg)[0];
    const m = master.get(best?.s.playerID ?? '');
    expect(page.data[0]?.player.name).toBe(`${m?.firstName} ${m?.lastName}`);
    expect(page.data[0]?.regularStats.PPG).toBeCloseTo(best?.ppg ?? -1, 2);
    for (const r of page.data) {
      const { GP, PTS } = r.regularStats;
      if (PTS !== null && GP !== null) expect(PTS / GP, r.player.name).toBeLessThanOrEqual(best?.ppg ?? 0);
    }
  });

  it('team comparison counts each player once: average weight over the distinct players of the team-season', async () => {
    const ids = new Set(
      [...scoring, ...goalies].filter((r) => r.year === '1931' && r.tmID === 'TOR').map((r) => r.playerID ?? ''),
    );
    const kg = [...ids].flatMap((p) => {
      const lb = int(master.get(p)?.weight);
      return lb === null ? [] : [Math.round(lb * 0.45359237)];
    });
    const avg = Math.round((kg.reduce((s, x) => s + x, 0) / kg.length) * 10) / 10;
    const cmp = await get<{ data: { players: number; averageWeight: { metrics: number } }[] }>(
      `/leagues/nhl/1931-1932/team-comparison?team=${torontoId()}`,
    );
    expect(cmp.data[0]?.players).toBe(ids.size);
    expect(cmp.data[0]?.averageWeight.metrics).toBe(avg);
  });
});

describe('Databank: dateOfDeath, an extension of the Player', () => {
  /** Master.csv's death date as precise as it is given; the year 9999 (died, year unknown) gives none. */
  const deathOf = (m: CsvRow): string | null => {
    if (!m.deathYear || m.deathYear === '9999') return null;
    const pad = (v: string) => v.padStart(2, '0');
    if (!m.deathMon) return m.deathYear;
    return m.deathDay ? `${m.deathYear}-${pad(m.deathMon)}-${pad(m.deathDay)}` : `${m.deathYear}-${pad(m.deathMon)}`;
  };
  const idOf = (m: CsvRow) =>
    (
      db
        .prepare('SELECT id FROM players WHERE firstName = ? AND lastName = ? AND dateOfBirth IS ? ORDER BY id')
        .get(
          m.firstName ?? '',
          m.lastName ?? '',
          m.birthDay ? `${m.birthYear}-${m.birthMon?.padStart(2, '0')}-${m.birthDay.padStart(2, '0')}` : null,
        ) as { id: number } | undefined
    )?.id;

  it('King Clancy died 1986-11-10; a death year alone or a year and month are served as given; 9999 as none', async () => {
    for (const playerID of ['clancki01', 'aitkean01', 'dumarez01', 'kitchho01', 'gretzwa01']) {
      const m = master.get(playerID) as CsvRow;
      const id = idOf(m);
      expect(id, playerID).toBeDefined();
      const one = await get<{ data: { name: string; dateOfDeath: string | null; age: number } }>(`/players/${id}`);
      expect(one.data.name).toBe(`${m.firstName} ${m.lastName}`);
      expect(one.data.dateOfDeath, playerID).toBe(deathOf(m));
    }
    expect(deathOf(master.get('clancki01') as CsvRow)).toBe('1986-11-10');
    expect(deathOf(master.get('aitkean01') as CsvRow)).toMatch(/^\d{4}$/);
    expect(deathOf(master.get('dumarez01') as CsvRow)).toMatch(/^\d{4}-\d{2}$/);
    const only = await get<{ data: Record<string, unknown> }>(
      `/players/${idOf(master.get('clancki01') as CsvRow)}?fields=dateOfDeath`,
    );
    expect(only.data).toEqual({ dateOfDeath: '1986-11-10' });
  });

  it('every player Master.csv gives a death date has it, and no other', () => {
    const want = [...master.values()].filter((m) => deathOf(m) !== null).length;
    const got = db.prepare('SELECT COUNT(*) AS n FROM players WHERE dateOfDeath IS NOT NULL').get() as { n: number };
    expect(got.n).toBe(want);
    const byDate = new Map<string, number>();
    for (const m of master.values()) {
      const d = deathOf(m);
      if (d) byDate.set(d, (byDate.get(d) ?? 0) + 1);
    }
    const rows = db
      .prepare('SELECT dateOfDeath AS d, COUNT(*) AS n FROM players WHERE dateOfDeath IS NOT NULL GROUP BY dateOfDeath')
      .all() as { d: string; n: number }[];
    expect(new Map(rows.map((r) => [r.d, r.n]))).toEqual(byDate);
  });

  it('the Player embedded in team player-stats carries it too', async () => {
    const id = (
      db
        .prepare("SELECT teamId FROM team_seasons WHERE seasonSlug = '1931-1932' AND teamName = 'Toronto Maple Leafs'")
        .get() as { teamId: number }
    ).teamId;
    const page = await get<{ data: { player: { name: string; dateOfDeath: string | null } }[] }>(
      `/teams/${id}/player-stats?season=1931-1932&limit=1000&fields=player`,
    );
    const clancy = page.data.filter((r) => r.player.name === 'King Clancy');
    const died = deathOf(master.get('clancki01') as CsvRow);
    expect(clancy.map((r) => r.player.dateOfDeath)).toEqual([died, died]);
  });
});
