import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Host, startHost } from '../../../electron/host/app.ts';
import { type PeerServer, startPeerServer } from './peer-server.ts';
import { testKeyring } from './test-keyring.ts';

// Every bridge operation that takes an id, called through the real host's dispatcher (the one the
// browser shell's POST /bridge/* and Electron's IPC use) with ids no page should send. An id is a whole
// number from 1 to 2^31-1, as a JSON number or its decimal digits; anything else is a bad-request naming
// the field, and is never read as another id (`true` as 1, "0x10" as 16, "1e3" as 1000).

const kr = testKeyring('ids');
let dir: string;
let peer: PeerServer;
let host: Host;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-ids-'));
  peer = await startPeerServer();
  host = await startHost({
    shell: 'browser',
    version: '0.1.0',
    dataDir: join(dir, 'data'),
    baseUrl: peer.baseUrl,
    keyring: kr.keyring,
    openExternal: async () => {},
  });
}, 60_000);
afterAll(async () => {
  await host?.close();
  await peer?.close();
  await kr.clear();
  await rm(dir, { recursive: true, force: true });
});

/** Values that are not an id, each with how it is shown in the test's name. */
const HOSTILE: Array<[string, unknown]> = [
  ['true', true],
  ['false', false],
  ['null', null],
  ['"0x10"', '0x10'],
  ['"1e3"', '1e3'],
  ['" 12"', ' 12'],
  ['"12 "', '12 '],
  ['"+12"', '+12'],
  ['"-1"', '-1'],
  ['"1.5"', '1.5'],
  ['2**53', 2 ** 53],
  ['""', ''],
  ['[]', []],
  ['{}', {}],
  ['"012"', '012'],
  ['"12\\n"', '12\n'],
  ['0', 0],
  ['-1', -1],
  ['1.5', 1.5],
  ['"2147483648"', '2147483648'],
  ['2147483648', 2147483648],
];

const player = { name: 'Test Player' };
const report = {
  gameDate: '2026-01-10',
  homeTeam: 'Owls',
  awayTeam: 'Hawks',
  league: 'Test',
  score: '',
  positionPlayed: 'C',
  kind: 'skater',
  grades: {},
  projection: null,
  strengths: 'Quick first step',
  weaknesses: 'Board battles',
  notes: 'Seen twice this month',
  status: 'draft',
};
const listColumns = [{ id: 'name', header: 'Name' }];

/** Each operation and id field: the arguments with `v` as that id, and the parameter the refusal must name. */
const FIELDS: Array<{ op: string; parameter: string; args: (v: unknown) => unknown }> = [
  { op: 'request', parameter: 'path.id', args: (v) => ({ endpoint: 'team', path: { id: v } }) },
  { op: 'offlinePlayer', parameter: 'id', args: (v) => ({ id: v }) },
  {
    op: 'offlineComparables',
    parameter: 'playerId',
    args: (v) => ({ playerId: v, league: 'nhl', season: '2023-2024' }),
  },
  { op: 'offlineCareerArcs', parameter: 'playerIds.0', args: (v) => ({ playerIds: [v] }) },
  {
    op: 'offlineCareerArcs',
    parameter: 'comparablesOf.playerId',
    args: (v) => ({ playerIds: [1], comparablesOf: { playerId: v, league: 'nhl', season: '2023-2024' } }),
  },
  { op: 'scoutingListRename', parameter: 'id', args: (v) => ({ id: v, name: 'Renamed' }) },
  { op: 'scoutingListDelete', parameter: 'id', args: (v) => ({ id: v }) },
  { op: 'scoutingListEntries', parameter: 'id', args: (v) => ({ id: v }) },
  { op: 'scoutingListEntrySave', parameter: 'listId', args: (v) => ({ listId: v, playerId: 1, player }) },
  { op: 'scoutingListEntrySave', parameter: 'playerId', args: (v) => ({ listId: 1, playerId: v, player }) },
  { op: 'scoutingListEntryEdit', parameter: 'entryId', args: (v) => ({ entryId: v, rating: 3 }) },
  { op: 'scoutingListEntryRemove', parameter: 'entryId', args: (v) => ({ entryId: v }) },
  { op: 'scoutingListsOfPlayer', parameter: 'playerId', args: (v) => ({ playerId: v }) },
  { op: 'scoutingListsExport', parameter: 'listIds.0', args: (v) => ({ listIds: [v] }) },
  { op: 'scoutingReports', parameter: 'query.id', args: (v) => ({ query: { id: v } }) },
  { op: 'scoutingReports', parameter: 'query.playerId', args: (v) => ({ query: { playerId: v } }) },
  { op: 'scoutingReportSave', parameter: 'id', args: (v) => ({ ...report, id: v, playerId: 1, player }) },
  { op: 'scoutingReportSave', parameter: 'playerId', args: (v) => ({ ...report, playerId: v, player }) },
  { op: 'scoutingReportDelete', parameter: 'id', args: (v) => ({ id: v }) },
  { op: 'draftBoard', parameter: 'id', args: (v) => ({ id: v }) },
  { op: 'draftBoardDelete', parameter: 'id', args: (v) => ({ id: v }) },
  { op: 'draftBoardVersionSave', parameter: 'id', args: (v) => ({ id: v }) },
  { op: 'draftBoardSave', parameter: 'id', args: (v) => ({ id: v, tiers: ['A'], entries: [] }) },
  {
    op: 'draftBoardSave',
    parameter: 'entries.0.playerId',
    args: (v) => ({
      id: 1,
      tiers: ['A'],
      entries: [{ source: 'embedded:test', playerId: v, tier: 0, noInterest: false }],
    }),
  },
  { op: 'draftBoardAdd', parameter: 'boardId', args: (v) => ({ boardId: v, playerId: 1, player }) },
  { op: 'draftBoardAdd', parameter: 'playerId', args: (v) => ({ boardId: 1, playerId: v, player }) },
  {
    op: 'playerFilePdf',
    parameter: 'playerId',
    args: (v) => ({ playerId: v, name: 'Test Player', goalie: false, facts: [], career: [], nhle: null }),
  },
  {
    op: 'exportTable',
    parameter: 'spec.listId',
    args: (v) => ({
      spec: { source: 'scoutingList', listId: v, query: {}, columns: listColumns, context: {} },
      format: 'csv',
      scope: 'all',
    }),
  },
  {
    op: 'exportTable',
    parameter: 'spec.path.id',
    args: (v) => ({
      spec: { endpoint: 'teamAffiliates', path: { id: v }, query: {}, columns: listColumns, context: {} },
      format: 'csv',
      scope: 'page',
    }),
  },
];

type Answer = { ok: true; value: unknown } | { ok: false; error: { kind: string; parameter?: string } };

describe('ids at the bridge are whole numbers in range, in digits or as numbers, nothing else', () => {
  describe.each(FIELDS)('$op $parameter', ({ op, parameter, args }) => {
    it.each(HOSTILE)('refuses %s as a bad request naming the field', async (_shown, value) => {
      const r = (await host.dispatch(op, args(value))) as Answer;
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.kind).toBe('bad-request');
      expect(r.error.parameter).toBe(parameter);
    });

    it.each([
      ['12', 12],
      ['"12"', '12'],
      ['2147483647', 2147483647],
    ])('takes %s as an id (whatever else the operation answers)', async (_shown, value) => {
      const r = (await host.dispatch(op, args(value))) as Answer;
      expect(r.ok ? null : r.error.parameter).not.toBe(parameter);
    });
  });

  it('reads an id in digits as that very id', async () => {
    const created = (await host.dispatch('scoutingListCreate', { name: 'Digits' })) as Answer;
    if (!created.ok) throw new Error('the list was not created');
    const id = (created.value as { id: number }).id;
    const renamed = await host.dispatch('scoutingListRename', { id: String(id), name: 'Digits renamed' });
    expect(renamed).toMatchObject({ ok: true, value: { id, name: 'Digits renamed' } });
    const before = peer.seen.length;
    await host.dispatch('request', { endpoint: 'team', path: { id: '0012' } });
    await host.dispatch('request', { endpoint: 'team', path: { id: '12' } });
    expect(
      peer.seen
        .slice(before)
        .filter((u) => u.startsWith('/v1/teams/'))
        .map((u) => u.split('?')[0]),
    ).toEqual(['/v1/teams/12']);
  });
});
