import { describe, expect, it } from 'vitest';
import { type Change, ChangeSchema } from '../../../../shared/department/changes.ts';
import { CURSOR_START } from '../../../../shared/department/feed.ts';
import { StoreError } from '../../../../store/index.ts';
import { reportSave } from '../fixtures.ts';
import { laptopsFolder, outboxOf, RecordedServer, rowsOf, SRC, setup } from './laptop.ts';

/**
 * The outbox through the real lists worker: nothing is queued while no department is set; setting one up
 * queues every shareable record of the scout's (drafts and imported colleagues' records left out); then
 * every change of a shareable record queues its whole state in the same call, with the base the server
 * needs to tell an update from a conflict; acknowledging a push records revs, keeps refusals with their
 * reason, and status counts both. Expected states are written out here from what the test saved.
 */

const player = (playerId: number, name: string) => ({
  playerId,
  player: { name, position: 'C', dateOfBirth: '2007-03-14' },
});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const folder = laptopsFolder('rinkside-outbox-');
const fresh = folder.fresh;

describe('before a department is set', () => {
  it('gives every list, entry and board a UUID of its own and queues nothing', async () => {
    const { lists } = await fresh();
    const list = await lists.createList('Watch');
    await lists.saveEntry({ listId: list.id, ...player(1, 'Aleksi Virta'), note: 'quick' }, SRC);
    const board = await lists.createBoard('2027 draft');
    const report = await lists.saveReport(reportSave({ status: 'final', homeTeam: 'Kitchener' }), SRC);
    expect(list.uid).toMatch(UUID);
    expect(board.uid).toMatch(UUID);
    expect(report.uid).toMatch(UUID);
    expect(list).toMatchObject({ owner: '', scout: '', shared: false, readOnly: false });
    expect(await outboxOf(lists)).toEqual([]);
    expect(await lists.departmentStatus()).toMatchObject({ identity: null, waiting: 0, cursor: CURSOR_START });
    await lists.close();
  });
});

describe('setting up a department', () => {
  it('queues every shareable record of the scout once, lists before their entries; drafts and colleagues’ imports stay', async () => {
    const { lists } = await fresh();
    const priv = await lists.createList('Private');
    const shared = await lists.createList('Shared');
    await lists.setListShared(shared.id, true);
    await lists.saveEntry({ listId: shared.id, ...player(1, 'Aleksi Virta'), rating: 4, note: 'edges' }, SRC);
    const final = await lists.saveReport(reportSave({ status: 'final', homeTeam: 'Kitchener' }), SRC);
    await lists.saveReport(reportSave({ status: 'draft', notes: 'not finished' }), SRC);
    const board = await lists.createBoard('Main');
    await lists.addToBoard({ boardId: board.id, ...player(1, 'Aleksi Virta') }, SRC);
    // A colleague's report and board from a file: his, not this scout's to share.
    const other = JSON.parse(await lists.exportLists(null, 'x'));
    other.scout = 'Dirk';
    other.reports[0].uid = '0f8b2c1e-3a4d-4e5f-8a6b-7c8d9e0f1a2b';
    other.boards[0].name = 'Dirk board';
    other.lists = [];
    await lists.importLists(JSON.stringify(other));

    const done = await lists.departmentConfigure(setup('anna'));
    expect(done).toEqual({ startedOver: false, queued: 5, unqueued: [] });
    const changes = await outboxOf(lists);
    for (const c of changes) expect(ChangeSchema.parse(c)).toEqual(c);
    expect(changes.map((c) => [c.kind, c.base, c.state.deleted])).toEqual([
      ['list', null, false],
      ['list', null, false],
      ['entry', null, false],
      ['report', null, false],
      ['board', null, false],
    ]);
    expect(changes.map((c) => c.recordId)).toEqual([
      priv.uid,
      shared.uid,
      expect.stringMatching(UUID),
      final.uid,
      board.uid,
    ]);
    expect(changes[1]?.state).toEqual({ name: 'Shared', shared: true, deleted: false });
    expect(changes[2]?.state).toEqual({
      listId: shared.uid,
      player: { source: SRC, playerId: 1, name: 'Aleksi Virta', dateOfBirth: '2007-03-14', position: 'C' },
      rating: 4,
      note: 'edges',
      deleted: false,
    });
    expect(changes[3]?.state).toMatchObject({
      status: 'final',
      player: { source: SRC, playerId: 7, name: 'Connor Bedard' },
      body: { homeTeam: 'Kitchener', scoutName: 'Scout anna', grades: { skating: 7.5, puckSkills: 9 } },
    });
    expect(changes[4]?.state).toEqual({
      kind: 'scout',
      name: 'Main',
      tiers: ['A', 'B', 'C'],
      entries: [
        {
          source: SRC,
          playerId: 1,
          name: 'Aleksi Virta',
          dateOfBirth: '2007-03-14',
          position: 'C',
          tier: 2,
          noInterest: false,
        },
      ],
      label: '',
      deleted: false,
    });
    // His records go by his login now; the imported colleague's stay as they came.
    expect((await lists.lists()).map((l) => l.owner)).toEqual(['anna', 'anna']);
    expect((await lists.boards()).map((b) => [b.name, b.owner, b.readOnly])).toEqual([
      ['Main', 'anna', false],
      ['Dirk board', '', false],
    ]);
    // The same department again queues nothing; another starts over.
    expect(await lists.departmentConfigure(setup('anna', 'Anna L.'))).toEqual({
      startedOver: false,
      queued: 0,
      unqueued: [],
    });
    expect((await lists.departmentStatus()).identity?.scoutName).toBe('Anna L.');
    const again = await lists.departmentConfigure({ ...setup('anna'), database: 'other' });
    expect(again).toMatchObject({ startedOver: true, queued: 5 });
    expect(await outboxOf(lists)).toHaveLength(5);
    await lists.close();
  });

  it('refuses a bad set-up naming the field, and writes nothing', async () => {
    const { lists } = await fresh();
    const err = await lists.departmentConfigure({ ...setup('anna'), port: 70000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreError);
    expect((err as StoreError).key).toBe('port');
    expect((await lists.departmentStatus()).identity).toBeNull();
    await lists.close();
  });
});

describe('each change of a shareable record', () => {
  it('queues its whole state in the same call, each based on the one before it', async () => {
    const { lists, file } = await fresh();
    await lists.departmentConfigure(setup('anna'));
    const list = await lists.createList('Watch');
    const e = await lists.saveEntry({ listId: list.id, ...player(1, 'Aleksi Virta'), note: 'a' }, SRC);
    await lists.editEntry({ entryId: e.entryId, rating: 5 }, SRC);
    await lists.renameList(list.id, 'Watch list');
    await lists.setListShared(list.id, true);
    await lists.removeEntry(e.entryId);
    await lists.deleteList(list.id);
    const changes = await outboxOf(lists);
    expect(changes.map((c) => [c.kind, c.state])).toEqual([
      ['list', { name: 'Watch', shared: false, deleted: false }],
      ['entry', expect.objectContaining({ rating: null, note: 'a', deleted: false })],
      ['entry', expect.objectContaining({ rating: 5, note: 'a', deleted: false })],
      ['list', { name: 'Watch list', shared: false, deleted: false }],
      ['list', { name: 'Watch list', shared: true, deleted: false }],
      ['entry', expect.objectContaining({ rating: 5, deleted: true })],
      ['list', { name: 'Watch list', shared: true, deleted: true }],
    ]);
    // Each change's base is the change before it of the same record: the server sees one line of states.
    const last = new Map<string, string>();
    for (const c of changes) {
      expect(c.base, `${c.kind} ${c.state.deleted}`).toBe(last.get(c.recordId) ?? null);
      last.set(c.recordId, c.changeId);
    }
    await lists.close();
    // Deletes of shared records leave their tombstones.
    expect(rowsOf<{ kind: string }>(file, 'SELECT kind FROM department_tombstones ORDER BY kind')).toEqual([
      { kind: 'entry' },
      { kind: 'list' },
    ]);
  });

  it('a report: final queued, back to draft retracted with what was shared (never the draft), deleted retracted and gone', async () => {
    const { lists } = await fresh();
    await lists.departmentConfigure(setup('anna'));
    const draft = await lists.saveReport(reportSave({ notes: 'at the rink' }), SRC);
    expect(await outboxOf(lists)).toEqual([]);
    const final = await lists.saveReport(reportSave({ id: draft.id, status: 'final', notes: 'finished' }), SRC);
    await lists.saveReport(reportSave({ id: draft.id, status: 'final', notes: 'amended' }), SRC);
    await lists.saveReport(reportSave({ id: draft.id, status: 'draft', notes: 'rewriting: secret' }), SRC);
    await lists.saveReport(reportSave({ id: draft.id, status: 'draft', notes: 'rewriting more' }), SRC);
    await lists.deleteReport(draft.id);
    const changes = await outboxOf(lists);
    expect(changes.map((c) => c.recordId)).toEqual(Array(4).fill(final.uid));
    expect(
      changes.map((c) => {
        const s = (c as Extract<Change, { kind: 'report' }>).state;
        return [s.status, s.body.notes, s.deleted];
      }),
    ).toEqual([
      ['final', 'finished', false],
      ['final', 'amended', false],
      ['retracted', 'amended', false],
      ['retracted', 'amended', true],
    ]);
    await lists.close();
  });

  it('a board: every save is one version; a saved version carries its label and keeps the change id', async () => {
    const { lists, file } = await fresh();
    await lists.departmentConfigure(setup('anna'));
    const b = await lists.createBoard('Main');
    await lists.addToBoard({ boardId: b.id, ...player(1, 'One') }, SRC);
    await lists.addToBoard({ boardId: b.id, ...player(2, 'Two'), tier: 0 }, SRC);
    await lists.saveBoard({
      id: b.id,
      tiers: ['Top', 'Rest'],
      entries: [
        { source: SRC, playerId: 1, tier: 0, noInterest: false },
        { source: SRC, playerId: 2, tier: 1, noInterest: false },
      ],
    });
    await lists.saveBoardVersion(b.id, 'Before the combine');
    const changes = (await outboxOf(lists)).filter((c) => c.kind === 'board');
    expect(
      changes.map((c) => {
        const s = c.state as Extract<Change, { kind: 'board' }>['state'];
        return [s.label, s.tiers.join('/'), s.entries.map((e) => `${e.name}:${e.tier}`).join(' ')];
      }),
    ).toEqual([
      ['', 'A/B/C', ''],
      ['', 'A/B/C', 'One:2'],
      ['', 'A/B/C', 'Two:0 One:2'],
      ['', 'Top/Rest', 'One:0 Two:1'],
      ['Before the combine', 'Top/Rest', 'One:0 Two:1'],
    ]);
    await lists.close();
    expect(rowsOf<{ rev: string }>(file, 'SELECT rev FROM draft_board_versions')).toEqual([
      { rev: changes[4]?.changeId },
    ]);
  });
});

describe('acknowledging a push', () => {
  it('records revs, bases the next change on them, keeps refusals with their reason, and counts both', async () => {
    const { lists } = await fresh();
    await lists.departmentConfigure(setup('anna'));
    const a = await lists.createList('A');
    const b = await lists.createList('B');
    const server = new RecordedServer();
    const [ca, cb] = await outboxOf(lists);
    const outcomes = server.push('anna', [ca as Change]);
    outcomes.push({
      changeId: (cb as Change).changeId,
      outcome: 'refused',
      rev: null,
      reason: '42501: permission denied',
    });
    expect(await lists.departmentAcknowledge(outcomes)).toEqual({ removed: 1, refused: 1, unknown: 0, repull: false });
    // Acknowledged twice: nothing more happens.
    expect(await lists.departmentAcknowledge(outcomes)).toEqual({ removed: 0, refused: 0, unknown: 2, repull: false });
    const status = await lists.departmentStatus();
    expect(status).toMatchObject({ waiting: 0, refused: [{ recordId: b.uid, reason: '42501: permission denied' }] });
    await lists.renameList(a.id, 'A2');
    await lists.renameList(b.id, 'B2');
    const next = await outboxOf(lists);
    expect(next.map((c) => [c.recordId, c.base])).toEqual([
      [a.uid, (ca as Change).changeId],
      [b.uid, null],
    ]);
    // A newer state of the refused record replaces the refusal.
    expect((await lists.departmentStatus()).refused).toEqual([]);
    // A refusal whose answer was lost comes back as a duplicate first refused: still a refusal.
    const [, cb2] = await outboxOf(lists);
    const again = await lists.departmentAcknowledge([
      {
        changeId: (cb2 as Change).changeId,
        outcome: 'duplicate',
        rev: null,
        reason: 'first answered: refused',
      },
    ]);
    expect(again).toEqual({ removed: 0, refused: 1, unknown: 0, repull: false });
    // What the host records after a round is what status tells.
    await lists.departmentRecordSync({
      pushedAt: '2026-11-25T10:00:00.000Z',
      pulledAt: '2026-11-25T10:00:01.000Z',
      error: 'The server did not answer.',
    });
    expect(await lists.departmentStatus()).toMatchObject({
      lastPushAt: '2026-11-25T10:00:00.000Z',
      lastPullAt: '2026-11-25T10:00:01.000Z',
      lastError: 'The server did not answer.',
      refused: [{ recordId: b.uid, reason: 'first answered: refused' }],
    });
    await lists.departmentRecordSync({ error: null });
    expect((await lists.departmentStatus()).lastError).toBeNull();
    await lists.close();
  });
});
