import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeagueFactors } from '../../../../shared/domain/nhle.ts';
import type { StoreClient } from '../../../../store/index.ts';
import { type Csv, databankCsv as csv, type DatabankStore, openDatabankStore } from './databank-store.ts';

// League factors on the Hockey Databank: the Databank imported into the real local service, the WHA's
// 1978-79 and the NHL's 1979-80 synced into the offline store through the host's sync, as a scout would
// download them. The WHA → NHL factor is recomputed here from Scoring.csv with the rule of shared/domain/nhle.ts
// (a player's line in a league-season is the sum of his stints there; skaters, regular season; at least
// 20 GP in both; a ratio of sums), never from the store.

let world: DatabankStore;
let store: StoreClient;
let master: Map<string, Csv>;
let goalieStints: Set<string>;
let scoring: Csv[];

beforeAll(async () => {
  world = await openDatabankStore('rinkside-nhle-databank-');
  store = world.store;
  // The sync reads a league's teams by their league today (`/teams?league=`): the four WHA clubs that joined
  // the NHL in 1979 (Edmonton, Hartford, Quebec, Winnipeg) come with the NHL's teams, and their 1978-79
  // rows keep the league they were played in (WHA).
  await world.download('wha', '1978-1979', '1978-1979');
  await world.download('nhl', '1978-1979', '1979-1980');
  master = new Map((await csv('Master.csv')).map((m) => [m.playerID as string, m]));
  goalieStints = new Set((await csv('Goalies.csv')).map((g) => `${g.playerID}|${g.year}|${g.stint}|${g.tmID}`));
  scoring = await csv('Scoring.csv');
}, 600_000);

afterAll(async () => {
  await world?.close();
});

/** The skating lines of `league` in the Databank's `year` (a season's first year), stints summed, by player. */
function lines(lgID: string, year: string) {
  const by = new Map<string, { gp: number; pts: number }>();
  for (const r of scoring) {
    if (r.lgID !== lgID || r.year !== year || r.GP === '') continue;
    // A goalie's own scoring beside his Goalies.csv line is not a skating line (as the importer reads it).
    const own = r.pos === 'G' || (r.pos === '' && master.get(r.playerID as string)?.pos === 'G');
    if (own && goalieStints.has(`${r.playerID}|${r.year}|${r.stint}|${r.tmID}`)) continue;
    const l = by.get(r.playerID as string) ?? { gp: 0, pts: 0 };
    l.gp += Number(r.GP);
    l.pts += Number(r.Pts || 0);
    by.set(r.playerID as string, l);
  }
  return by;
}

async function factors(query: Record<string, unknown>): Promise<LeagueFactors> {
  const r = await store.leagueFactors(query, []);
  if (!r.ok) throw new Error(r.issue.message);
  return r.value;
}

describe('league factors on the Hockey Databank', () => {
  it('WHA 1978-79 to NHL 1979-80: the factor and its sample agree with Scoring.csv to three decimals', async () => {
    const wha = lines('WHA', '1978');
    const nhl = lines('NHL', '1979');
    let gpA = 0;
    let ptsA = 0;
    let gpB = 0;
    let ptsB = 0;
    let n = 0;
    for (const [id, a] of wha) {
      const b = nhl.get(id);
      if (b === undefined || a.gp < 20 || b.gp < 20) continue;
      n++;
      gpA += a.gp;
      ptsA += a.pts;
      gpB += b.gp;
      ptsB += b.pts;
    }
    const expected = ptsB / gpB / (ptsA / gpA);

    const f = await factors({ seasonFrom: '1978-1979', seasonTo: '1978-1979' });
    const edge = f.edges.find((e) => e.from === 'wha' && e.to === 'nhl');
    expect(edge?.sample).toBe(n);
    expect(edge?.factor?.toFixed(3)).toBe(expected.toFixed(3));
    const whaFactor = f.leagues.find((l) => l.league === 'wha');
    expect(whaFactor?.computed?.path).toEqual(['wha', 'nhl']);
    expect(whaFactor?.computed?.sample).toBe(n);
    expect(whaFactor?.computed?.factor.toFixed(3)).toBe(expected.toFixed(3));
    const [low, high] = whaFactor?.computed?.interval ?? [Number.NaN, Number.NaN];
    expect(low).toBeLessThan(expected);
    expect(high).toBeGreaterThan(expected);
    // The NHL translates into itself.
    expect(f.leagues.find((l) => l.league === 'nhl')?.computed).toMatchObject({ factor: 1, path: ['nhl'] });
    console.info(
      `WHA 1978-79 → NHL 1979-80: factor ${expected.toFixed(3)} over ${n} players, 90 % interval ${low.toFixed(3)}–${high.toFixed(3)}`,
    );
  });

  it('the same seed gives the same interval; a min GP of 60 leaves fewer players', async () => {
    const a = await factors({ seasonFrom: '1978-1979', seasonTo: '1978-1979' });
    const b = await factors({ seasonFrom: '1978-1979', seasonTo: '1978-1979', minGP: 60 });
    const c = await factors({ seasonFrom: '1978-1979', seasonTo: '1978-1979' });
    const edge = (f: LeagueFactors) => f.edges.find((e) => e.from === 'wha' && e.to === 'nhl');
    expect(edge(c)?.interval).toEqual(edge(a)?.interval);
    expect(edge(b)?.sample).toBeLessThan(edge(a)?.sample ?? 0);
  });

  it('refuses a bad query, naming the parameter', async () => {
    const r = await store.leagueFactors({ minGP: 0 }, []);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issue.parameter).toBe('minGP');
  });

  it('the stats browser sorts WHA 1978-79 by NHLe, the factor applied to each line; a pin of the scout replaces it', async () => {
    const f = await factors({});
    const factor = f.leagues.find((l) => l.league === 'wha')?.factor as number;
    // Every season pooled, this store has one pair into the NHL from the WHA: the same factor as above.
    expect(factor.toFixed(3)).toBe('0.834');
    const q = { league: 'wha', season: '1978-1979', sort: '-nhlePTSperGP', limit: '10' };
    const page = await store.leaders(q, []);
    if (!page.ok) throw new Error(page.issue.message);
    // Recomputed from Scoring.csv: WHA 1978-79 skating lines of 20+ GP by PTS/GP × factor, then fewer GP, then name.
    const expected = [...lines('WHA', '1978')]
      .filter(([, l]) => l.gp >= 20)
      .map(([id, l]) => ({
        name: `${master.get(id)?.firstName} ${master.get(id)?.lastName}`,
        gp: l.gp,
        nhle: (l.pts / l.gp) * factor,
      }))
      .sort((a, b) => b.nhle - a.nhle || a.gp - b.gp || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .slice(0, 10);
    expect(page.value.data.map((r) => r.player.name)).toEqual(expected.map((e) => e.name));
    expect(page.value.data.map((r) => r.nhle?.PTSperGP?.toFixed(3))).toEqual(expected.map((e) => e.nhle.toFixed(3)));
    expect(page.value.data[0]?.nhle?.per82?.toFixed(1)).toBe(((expected[0]?.nhle ?? 0) * 82).toFixed(1));
    expect(page.value.data.every((r) => r.nhle?.pinned === false)).toBe(true);

    const pinned = await store.leaders(q, [
      { league: 'wha', factor: 0.5, note: '', pinnedAt: '2026-11-25T16:00:00.000Z' },
    ]);
    if (!pinned.ok) throw new Error(pinned.issue.message);
    const top = pinned.value.data[0];
    expect(top?.nhle).toMatchObject({ factor: 0.5, pinned: true });
    expect(top?.nhle?.PTSperGP?.toFixed(4)).toBe((((top?.stats.PTS ?? 0) / (top?.stats.GP ?? 1)) * 0.5).toFixed(4));
  });

  it("a player-season's comparables: same draft age and position group, nearest by NHLe, one line per player", async () => {
    const gretzky = (await store.listPlayers({ q: 'Wayne Gretzky' })) as {
      ok: true;
      value: { data: { id: number }[] };
    };
    const id = gretzky.value.data[0]?.id as number;
    const r = await store.comparables({ playerId: id, league: 'wha', season: '1978-1979', k: 5 }, []);
    if (!r.ok) throw new Error(r.issue.message);
    const c = r.value;
    expect(c.subject).toMatchObject({ name: 'Wayne Gretzky', draftAge: 18, group: 'F', GP: 80, PTS: 110 });
    expect(c.rows.length).toBeGreaterThan(0);
    expect(c.rows.length).toBeLessThanOrEqual(5);
    expect(new Set(c.rows.map((x) => x.playerId)).size).toBe(c.rows.length);
    for (const x of c.rows) {
      expect(x.draftAge).toBe(18);
      expect(x.group).toBe('F');
      expect(x.GP).toBeGreaterThanOrEqual(20);
      expect(x.playerId).not.toBe(id);
    }
    const d = c.rows.map((x) => x.distance);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    // Careers in a store that ends in 1979-80 are none of them complete: no share is claimed.
    expect(c.complete).toBe(0);
    expect(c.share).toBeNull();
    // A league without a factor is said so, not answered with numbers.
    const none = await store.comparables({ playerId: id, league: 'ohl', season: '1978-1979' }, []);
    expect(none.ok).toBe(false);
  });
});
