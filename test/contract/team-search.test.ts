// Team search (`q`, `name` on /teams) finds a team by any name it carried in any season, through an index.
// Expected teams are recomputed here: from plain SQL over the synthetic data, and from the Databank's own
// Teams.csv rows.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDatabank } from '../../service/data/databank/import.ts';
import { type RunningService, startService } from '../../service/server.ts';
import { fieldsOf, readLines, writeSample } from '../unit/service-data/databank-sample.ts';
import { tempDir } from '../unit/service-data/helpers.ts';
import { type Fixture, startFixture } from './service-fixture.ts';

describe('team search over former names (synthetic)', () => {
  let f: Fixture;
  let renamed: { teamId: number; current: string; former: string };
  /** Every name of every team, read with plain SQL. */
  let names: { teamId: number; name: string }[];

  beforeAll(async () => {
    f = await startFixture();
    const [r] = f.sql<{ teamId: number; current: string; former: string }>(
      `SELECT t.id AS teamId, t.name AS current, ts.teamName AS former FROM teams t JOIN team_seasons ts ON ts.teamId = t.id
        WHERE ts.teamName <> t.name ORDER BY t.id, ts.seasonSlug LIMIT 1`,
    );
    if (!r) throw new Error('no synthetic team carries a former name');
    renamed = r;
    names = f.sql<{ teamId: number; name: string }>(
      `SELECT id AS teamId, name FROM teams UNION SELECT id, fullName FROM teams WHERE fullName IS NOT NULL
       UNION SELECT teamId, teamName FROM team_seasons`,
    );
  });
  afterAll(async () => f?.close());

  const ids = async (query: string) =>
    ((await f.get(`/teams?${query}&fields=id&limit=1000`)).body.data as { id: number }[])
      .map((t) => t.id)
      .sort((a, b) => a - b);
  const expected = (match: (name: string) => boolean) =>
    [...new Set(names.filter((n) => match(n.name)).map((n) => n.teamId))].sort((a, b) => a - b);

  it('a few synthetic teams carried a former name in their earlier seasons', () => {
    const n = f.sql<{ n: number }>(
      'SELECT COUNT(DISTINCT t.id) AS n FROM teams t JOIN team_seasons ts ON ts.teamId = t.id WHERE ts.teamName <> t.name',
    )[0]?.n;
    expect(n).toBeGreaterThanOrEqual(2);
  });

  it('q finds the team by a part of its former name, in any case, as well as by its current name', async () => {
    const word = renamed.former.split(' ').at(-1) as string;
    const got = await ids(`q=${encodeURIComponent(word.toUpperCase())}`);
    expect(got).toContain(renamed.teamId);
    expect(got).toEqual(expected((n) => n.toLowerCase().includes(word.toLowerCase())));
    const cur = renamed.current.slice(0, 4);
    expect(await ids(`q=${encodeURIComponent(cur)}`)).toEqual(
      expected((n) => n.toLowerCase().includes(cur.toLowerCase())),
    );
  });

  it('q with 1 or 2 characters still matches substrings of every name', async () => {
    const two = renamed.former.slice(1, 3);
    expect(await ids(`q=${encodeURIComponent(two)}`)).toEqual(
      expected((n) => n.toLowerCase().includes(two.toLowerCase())),
    );
  });

  it('name= matches a whole former name (case-insensitive)', async () => {
    const got = await ids(`name=${encodeURIComponent(renamed.former.toLowerCase())}`);
    expect(got).toEqual(expected((n) => n.toLowerCase() === renamed.former.toLowerCase()));
    expect(got).toContain(renamed.teamId);
  });
});

describe('team search over the Databank names (Hartford, Quebec, Atlanta Flames, Black Hawks)', () => {
  const t = tempDir();
  let service: RunningService;
  let rows: Record<string, string>[];

  beforeAll(async () => {
    const { header, lines } = readLines('Teams.csv');
    rows = lines
      .map((l) => fieldsOf(header, l))
      .filter((r) => ['1970', '1979', '1990', '2017'].includes(r.year as string))
      .filter((r) => ['CAR', 'COL', 'CAL', 'CHI'].includes(r.franchID as string));
    const dir = path.join(t.dir, 'databank');
    writeSample(
      dir,
      rows.map((r) => [Number(r.year), r.tmID as string] as const),
    );
    const db = path.join(t.dir, 'names.db');
    // The 2017-18 coaches of the sample include ones the Databank has no Master.csv row for.
    await importDatabank(dir, db, { maxSkippedShare: 1 });
    service = await startService({ db, port: 0, errorLog: () => {} });
  });
  afterAll(async () => {
    await service?.close();
    t.cleanup();
  });

  /** The names of the teams /teams answers for `query`. */
  const search = async (query: string) => {
    const res = await fetch(`${service.baseUrl}/teams?${query}&fields=name&limit=100&apiKey=${service.demoKey}`);
    return ((await res.json()) as { data: { name: string }[] }).data.map((r) => r.name).sort();
  };
  /** The latest name of the franchises that carried a name containing `text` (from Teams.csv). */
  const want = (text: string) => {
    const franchises = new Set(rows.filter((r) => r.name?.toLowerCase().includes(text)).map((r) => r.franchID));
    const latest = new Map<string, Record<string, string>>();
    for (const r of rows) {
      const cur = latest.get(r.franchID as string);
      if (franchises.has(r.franchID) && (!cur || Number(r.year) > Number(cur.year)))
        latest.set(r.franchID as string, r);
    }
    return [...latest.values()].map((r) => r.name).sort();
  };

  for (const q of ['whalers', 'hartford whalers', 'nordiques', 'quebec', 'atlanta flames', 'black hawks']) {
    it(`q=${q}`, async () => {
      const expected = want(q);
      expect(expected).toHaveLength(1);
      expect(await search(`q=${encodeURIComponent(q)}`)).toEqual(expected);
    });
  }

  it('name=Hartford Whalers finds Carolina; q=Flames finds Calgary once', async () => {
    expect(await search('name=Hartford%20Whalers')).toEqual(['Carolina Hurricanes']);
    expect(await search('q=Flames')).toEqual(['Calgary Flames']);
  });
});
