import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../../../../electron/host/offline/sync/run.ts';
import { createServiceClient } from '../../../../electron/host/service-client/service-client.ts';
import { DEMO_SEED } from '../../../../service/data/seed.ts';
import { SIZE_PLANS } from '../../../../service/data/synthetic/leagues.ts';
import { leagueStrength } from '../../../../service/data/synthetic/strength.ts';
import { type RunningService, startService } from '../../../../service/server.ts';
import type { LeagueFactors } from '../../../../shared/domain/nhle.ts';
import { openStoreClient, type StoreClient } from '../../../../store/index.ts';
import { seedDatabaseOnce } from '../../service-data/database-once.ts';

// The demo world is a fair test of the app's league factors: the real generator builds the demo world
// (size demo, seed 1) into a temp file, the real local service serves it, the host's sync downloads every
// league of it into the offline store, and the store computes the NHLe factors as the app does. Their
// ranking must follow the strengths the generator gave the leagues (Spearman ≥ 0.8), computed here
// from the ranks, not with app code.

const KEY = 'demo-nhle-key-1';
const client = createServiceClient({ baseDelayMs: 10 });
let dir: string;
let service: RunningService;
let store: StoreClient;
let world: DatabaseSync;
let factors: LeagueFactors;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-nhle-demo-'));
  const file = join(dir, 'demo.db');
  await seedDatabaseOnce(file, { size: 'demo', seed: DEMO_SEED });
  world = new DatabaseSync(file, { readOnly: true });
  await writeFile(
    join(dir, 'keys.json'),
    JSON.stringify({ keys: [{ key: KEY, organisation: 'T', leagues: '*', seasons: '*', categories: '*' }] }),
  );
  service = await startService({ db: file, port: 0, keys: join(dir, 'keys.json') });
  store = await openStoreClient({ file: join(dir, 'offline.sqlite') });
  const leagues = SIZE_PLANS.demo.leagues.map((l) => l.slug);
  const done = await runSync({ leagues }, { client, store, baseUrl: service.baseUrl, apiKey: KEY });
  expect(done.state, done.error ?? '').toBe('done');
  // The host derives the rows after each download (store/cache/derive.ts); a query never does.
  await store.prepareLeaders();
  const r = await store.leagueFactors({}, []);
  if (!r.ok) throw new Error(r.issue.message);
  factors = r.value;
}, 600_000);

afterAll(async () => {
  world?.close();
  await store?.close();
  await service?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Ranks 1..n of `xs` (ascending), ties given their mean rank. */
function ranks(xs: readonly number[]): number[] {
  const order = xs.map((x, i) => ({ x, i })).sort((a, b) => a.x - b.x);
  const out = new Array<number>(xs.length).fill(0);
  for (let k = 0; k < order.length; ) {
    let end = k;
    while (end + 1 < order.length && order[end + 1]?.x === order[k]?.x) end++;
    for (let j = k; j <= end; j++) out[order[j]?.i ?? 0] = (k + end) / 2 + 1;
    k = end + 1;
  }
  return out;
}

/** Spearman's rank correlation: the Pearson correlation of the ranks. */
function spearman(a: readonly number[], b: readonly number[]): number {
  const ra = ranks(a);
  const rb = ranks(b);
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const ma = mean(ra);
  const mb = mean(rb);
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < ra.length; i++) {
    const da = (ra[i] ?? 0) - ma;
    const db = (rb[i] ?? 0) - mb;
    cov += da * db;
    va += da * da;
    vb += db * db;
  }
  return cov / Math.sqrt(va * vb);
}

describe('NHLe factors on the demo world', () => {
  it("rank the leagues as the generator's strengths do (Spearman ≥ 0.8 over the leagues with a factor)", () => {
    const rated = factors.leagues.filter((l) => l.computed !== null);
    const table = rated
      .map((l) => ({
        league: l.league,
        strength: leagueStrength(l.league),
        factor: l.computed?.factor ?? Number.NaN,
        sample: l.computed?.sample ?? 0,
        path: l.computed?.path.join('>') ?? '',
      }))
      .sort((a, b) => b.strength - a.strength);
    const rho = spearman(
      table.map((r) => r.strength),
      table.map((r) => r.factor),
    );
    console.info(
      `demo world NHLe: Spearman ${rho.toFixed(3)} over ${table.length} leagues\n${table
        .map(
          (r) =>
            `  ${r.league.padEnd(6)} strength ${r.strength.toFixed(2).padStart(5)}  factor ${r.factor.toFixed(3)}  players ${r.sample}  path ${r.path}`,
        )
        .join('\n')}`,
    );
    // Every men's club league of the demo world reaches the NHL; women's leagues and the national teams'
    // short tournaments (under 20 GP) never do.
    expect(table.map((r) => r.league).sort()).toEqual(['ahl', 'del', 'liiga', 'nhl', 'ohl', 'shl']);
    expect(rho).toBeGreaterThanOrEqual(0.8);
    // The NHL is its own target; every other league translates below it.
    for (const r of table) if (r.league !== 'nhl') expect(r.factor, r.league).toBeLessThan(1);
  });

  it('has transitions of at least 20 GP in both seasons between the leagues and into the NHL', () => {
    const into = factors.edges.filter((e) => e.to === 'nhl');
    for (const from of ['ahl', 'shl', 'liiga', 'del']) {
      const edge = into.find((e) => e.from === from);
      expect(edge?.sample ?? 0, `${from}>nhl`).toBeGreaterThanOrEqual(10);
    }
    // Juniors turn pro: the OHL's players move on to professional leagues.
    const fromOhl = factors.edges.filter((e) => e.from === 'ohl').reduce((s, e) => s + e.sample, 0);
    expect(fromOhl).toBeGreaterThanOrEqual(50);
    expect(factors.minGP).toBe(20);
  });

  it("every goal of the demo world is one team's GF and another's GA, every decided game one's win and another's loss", () => {
    const unbalanced = world
      .prepare(
        `SELECT count(*) AS n FROM (SELECT 1 FROM standings GROUP BY leagueSlug, seasonSlug
         HAVING sum(GF) != sum(GA) OR sum(W) != sum(L + OTL) OR sum(T) % 2 != 0)`,
      )
      .get() as { n: number };
    expect(unbalanced.n).toBe(0);
  });
});
