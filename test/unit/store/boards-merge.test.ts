import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mergeBoards } from '../../../shared/domain/boards-merge.ts';
import { openListsClient } from '../../../store/index.ts';

/**
 * Three scouts' boards, each a `rinkside-lists` file written by the test, imported into one store and
 * merged: every player's rank on each board, the spread and the boards that lack him are recomputed here
 * from the files themselves (a player's rank is his place among the board's players of interest; one of no
 * interest is neither ranked nor missing), and
 * nothing of any board is changed by the merge or by importing the files again.
 */

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rinkside-merge-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const AT = '2026-11-20T12:00:00.000Z';
/** The pool: 14 prospects; two scouts' local databases number them differently (source b). */
const POOL = Array.from({ length: 14 }, (_, i) => ({
  id: 100 + i,
  name: `Prospect ${String.fromCharCode(65 + i)}`,
  dob: `2008-0${1 + (i % 9)}-1${i % 10}`,
}));

/** A seeded shuffle, so each scout ranks differently but the test is the same every run. */
function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const out = [...xs];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

interface FilePlayer {
  player: { source: string; id: number; name: string; dateOfBirth: string; position: string };
  tier: string;
  noInterest: boolean;
}

function scoutFile(scout: string, seed: number, source: string, idShift: number, leaveOut: number[]) {
  const players: FilePlayer[] = shuffled(POOL, seed)
    .filter((p) => !leaveOut.includes(p.id))
    .map((p, i) => ({
      player: { source, id: p.id + idShift, name: p.name, dateOfBirth: p.dob, position: 'F' },
      tier: ['A', 'B', 'C'][Math.min(2, Math.floor(i / 4))] as string,
      noInterest: i === 5, // one player each scout has no interest in: not ranked
    }));
  return {
    format: 'rinkside-lists',
    version: 3,
    exportedAt: AT,
    app: 'Rinkside test',
    scout,
    lists: [],
    reports: [],
    boards: [
      { name: '2027 draft', scout: '', tiers: ['A', 'B', 'C'], createdAt: AT, updatedAt: AT, players, versions: [] },
    ],
  };
}

it('merges three scouts’ boards with each rank, the spread and who lacks whom, recomputed from the files', async () => {
  const dir = join(root, 'store');
  await mkdir(dir, { recursive: true });
  const lists = await openListsClient({
    file: join(dir, 'l.sqlite'),
    backupsDir: join(dir, 'b'),
    cacheFile: join(dir, 'c.sqlite'),
    record: null,
  });
  const files = [
    scoutFile('Ann', 1, 'embedded:a', 0, [113]),
    scoutFile('Bo', 2, 'embedded:b', 500, [112]), // another database: other ids, same names and birth dates
    scoutFile('Cy', 3, 'embedded:a', 0, []),
  ];
  for (const f of files) expect(await lists.importLists(JSON.stringify(f))).toMatchObject({ boardsAdded: 1 });
  const boards = await lists.boards();
  expect(boards.map((b) => b.scout)).toEqual(['Ann', 'Bo', 'Cy']);
  const details = await Promise.all(boards.map((b) => lists.board(b.id)));
  const merged = mergeBoards(details.map((d) => ({ label: d.board.scout, entries: d.entries })));

  // Independently: each file's rank of each prospect by name (its place among the players of interest).
  const ranksIn = files.map((f) => {
    const m = new Map<string, number>();
    let rank = 0;
    for (const p of f.boards[0]?.players ?? []) if (!p.noInterest) m.set(p.player.name, ++rank);
    return m;
  });
  const names = new Set(ranksIn.flatMap((m) => [...m.keys()]));
  expect(merged.map((r) => r.name).sort()).toEqual([...names].sort());
  for (const row of merged) {
    const ranks = ranksIn.map((m) => m.get(row.name) ?? null);
    const present = ranks.filter((r): r is number => r !== null);
    expect(row.ranks).toEqual(ranks);
    expect(row.spread).toBe(Math.max(...present) - Math.min(...present));
    expect(row.mean).toBeCloseTo(present.reduce((a, b) => a + b, 0) / present.length, 10);
    const passed = files.map((f) => f.boards[0]?.players.some((p) => p.noInterest && p.player.name === row.name));
    expect(row.missingFrom).toEqual(['Ann', 'Bo', 'Cy'].filter((_, i) => ranks[i] === null && !passed[i]));
    expect(row.noInterest).toEqual(['Ann', 'Bo', 'Cy'].filter((_, i) => ranks[i] === null && passed[i]));
  }
  // By mean rank, ties by how many boards rank him.
  for (let i = 1; i < merged.length; i++) {
    const a = merged[i - 1];
    const b = merged[i];
    if (a === undefined || b === undefined) continue;
    expect(a.mean < b.mean || (a.mean === b.mean && a.boards >= b.boards)).toBe(true);
  }
  // The players one scout left out are shown missing from his board only.
  expect(merged.find((r) => r.name === 'Prospect N')?.missingFrom).toContain('Ann');
  expect(merged.find((r) => r.name === 'Prospect M')?.missingFrom).toContain('Bo');

  // Nothing overwritten: importing the files again keeps every board as it was.
  for (const f of files)
    expect(await lists.importLists(JSON.stringify(f))).toMatchObject({ boardsKept: 1, boardsUpdated: 0 });
  expect(await Promise.all(boards.map((b) => lists.board(b.id)))).toEqual(details);
  await lists.close();
});
