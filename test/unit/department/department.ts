import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { addScout, generatePassword } from '../../../department/admin/scouts.ts';
import { migrate } from '../../../department/migrate.ts';
import { pull } from '../../../department/sync/pull.ts';
import {
  type BoardState,
  type Change,
  ChangeSchema,
  type EntryState,
  type ListState,
  type ReportState,
} from '../../../shared/department/changes.ts';
import type { FeedPage } from '../../../shared/department/feed.ts';
import { start, type TestCluster } from './cluster.ts';

/**
 * A department on a real throwaway server, set up as its admin would (migrations, then `addScout`): two
 * scouts (A, B) and two directors (D, E), each connected as his own login role. Plus change builders that
 * check every change against the shared contract first, so the server is tested with what laptops send.
 */

export const SCOUT_A = 'scout_a';
export const SCOUT_B = 'scout_b';
export const DIRECTOR_D = 'director_d';
export const DIRECTOR_E = 'director_e';

export interface TestDepartment {
  cluster: TestCluster;
  admin: pg.Client;
  a: pg.Client;
  b: pg.Client;
  d: pg.Client;
  e: pg.Client;
  passwords: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts a server, migrates it and connects the admin and the four scouts. */
export async function startDepartment(): Promise<TestDepartment> {
  const cluster = await start();
  const admin = await cluster.adminClient();
  await migrate(admin);
  const passwords: Record<string, string> = {};
  for (const [name, director] of [
    [SCOUT_A, false],
    [SCOUT_B, false],
    [DIRECTOR_D, true],
    [DIRECTOR_E, true],
  ] as const) {
    passwords[name] = generatePassword();
    await addScout(admin, name, passwords[name], director);
  }
  const as = (name: string) => cluster.clientAs(name, passwords[name] as string);
  return {
    cluster,
    admin,
    a: await as(SCOUT_A),
    b: await as(SCOUT_B),
    d: await as(DIRECTOR_D),
    e: await as(DIRECTOR_E),
    passwords,
    stop: () => cluster.stop(),
  };
}

/**
 * The department of one test file: started before its tests (beforeAll), stopped after them (afterAll).
 * The object is filled in when the tests run; read it inside them.
 */
export function departmentPerFile(): TestDepartment {
  const dep = {} as TestDepartment;
  beforeAll(async () => {
    Object.assign(dep, await startDepartment());
  });
  afterAll(async () => {
    await dep.stop?.();
  });
  return dep;
}

const PLAYER = {
  source: 'embedded:demo',
  playerId: 4012,
  name: 'Aleksi Virta',
  dateOfBirth: '2007-03-14',
  position: 'C',
};

/** A change checked against shared/department/changes.ts (what a laptop would send). */
function change(c: Omit<Change, 'changeId'> & { changeId?: string }): Change {
  return ChangeSchema.parse({ changeId: randomUUID(), ...c });
}

/** A final report's state; `notes` tells versions apart. */
export function reportState(notes = 'good first step', status: ReportState['status'] = 'final'): ReportState {
  return {
    status,
    player: PLAYER,
    body: {
      gameDate: '2024-01-12',
      homeTeam: 'Kitchener Rangers',
      awayTeam: 'London Knights',
      league: 'OHL',
      score: '4-2',
      positionPlayed: 'C',
      kind: 'skater',
      grades: { skating: 7, hockeySense: 7.5 },
      projection: 'middle-six-f',
      strengths: 'edges',
      weaknesses: 'board battles',
      notes,
      scoutName: 'A. Scout',
    },
    deleted: false,
  };
}

export const reportChange = (recordId: string, base: string | null, state = reportState()) =>
  change({ kind: 'report', recordId, base, state });
export const listChange = (recordId: string, base: string | null, state: Partial<ListState> = {}) =>
  change({ kind: 'list', recordId, base, state: { name: 'Watch list', shared: false, deleted: false, ...state } });
export const entryChange = (recordId: string, listId: string, base: string | null, state: Partial<EntryState> = {}) =>
  change({
    kind: 'entry',
    recordId,
    base,
    state: { listId, player: PLAYER, rating: 4, note: 'quick release', deleted: false, ...state },
  });
export const boardChange = (recordId: string, base: string | null, state: Partial<BoardState> = {}) =>
  change({
    kind: 'board',
    recordId,
    base,
    state: {
      kind: 'scout',
      name: '2025 draft',
      tiers: ['A', 'B'],
      entries: [{ ...PLAYER, tier: 0, noInterest: false }],
      label: '',
      deleted: false,
      ...state,
    },
  });

/** Every page of one pull, and its cursor. */
export async function pullAll(client: pg.Client, cursor: string): Promise<{ pages: FeedPage[]; cursor: string }> {
  const pages: FeedPage[] = [];
  const result = await pull(client, cursor, (p) => void pages.push(p), 2);
  return { pages, cursor: result.cursor };
}

/** The ids of the rows of `table` in pulled pages, in the order pulled. */
export function idsIn(pages: readonly FeedPage[], table: FeedPage['table']): string[] {
  return pages
    .filter((p) => p.table === table)
    .flatMap((p) => p.rows.map((r) => ('recordId' in r ? r.recordId : r.id)));
}

/** The SQLSTATE and message of what `work` throws (the server's refusal), or null when it does not. */
export async function refusal(work: Promise<unknown>): Promise<{ code: string; message: string } | null> {
  try {
    await work;
    return null;
  } catch (e) {
    return { code: (e as { code?: string }).code ?? '', message: (e as Error).message };
  }
}
