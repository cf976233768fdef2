import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Change, ChangeKind, PushOutcome, StateOf } from '../../../../shared/department/changes.ts';
import type { FeedPage, FeedRecord } from '../../../../shared/department/feed.ts';
import type { DepartmentSetup } from '../../../../shared/department/laptop.ts';
import { type ListsClient, openListsClient } from '../../../../store/index.ts';

/**
 * A scout's laptop for the department tests: the real lists worker on a lists file of its own (through the
 * client the host uses), and what the tests read straight from that file with SQLite once it is closed.
 */

export const SRC = 'embedded:department-test';

/** A department set-up for login `user` (the server is never reached by these tests). */
export const setup = (user: string, scoutName = `Scout ${user}`): DepartmentSetup => ({
  server: '127.0.0.1',
  port: 5432,
  database: 'rinkside',
  user,
  scoutName,
});

export interface Laptop {
  dir: string;
  file: string;
  lists: ListsClient;
  reopen(): Promise<ListsClient>;
}

/**
 * A temp folder for a test file's laptops, made before its tests and removed after them; `laptops()` opens
 * a fresh one in it each call.
 */
export function laptopsFolder(prefix: string): { dir(): string; fresh(): Promise<Laptop> } {
  let root = '';
  let n = 0;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });
  return { dir: () => root, fresh: () => laptop(join(root, `laptop-${++n}`)) };
}

/** Opens the lists of a laptop in `dir` (made when missing). */
export async function laptop(dir: string): Promise<Laptop> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'lists.sqlite');
  const open = () =>
    openListsClient({
      file,
      backupsDir: join(dir, 'backups'),
      cacheFile: join(dir, 'cache.sqlite'),
      record: null,
      backupDelayMs: 60_000,
      backupMaxDelayMs: 60_000,
    });
  const l: Laptop = {
    dir,
    file,
    lists: await open(),
    async reopen() {
      await l.lists.close();
      l.lists = await open();
      return l.lists;
    },
  };
  return l;
}

/** Every change waiting in the outbox, oldest first. */
export const outboxOf = (lists: ListsClient): Promise<Change[]> => lists.departmentOutbox(10_000);

/** Rows of a closed lists file, read with plain SQLite. */
export function rowsOf<T>(file: string, sql: string): T[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

/**
 * What a department's server holds once `changes` were pushed by `owner`, in order, as the laptops' tests
 * record it: each record's last state and the change that made it (its rev). Used where the tests need a
 * pull's pages without a server; test/unit/department/ syncs with a real one.
 */
export class RecordedServer {
  readonly seen = new Set<string>();
  readonly records = new Map<string, FeedRecord>();
  private xid = 1000;

  /** The answers a server gives `changes` pushed by `owner`: applied once, duplicate after. */
  push(owner: string, changes: readonly Change[]): PushOutcome[] {
    return changes.map((c) => {
      const key = `${c.kind}:${c.recordId}`;
      if (this.seen.has(c.changeId)) {
        return {
          changeId: c.changeId,
          outcome: 'duplicate',
          rev: this.records.get(key)?.rev ?? null,
          reason: 'first answered: applied',
        };
      }
      this.seen.add(c.changeId);
      this.records.set(key, {
        kind: c.kind,
        id: c.recordId,
        owner,
        rev: c.changeId,
        xid: String(++this.xid),
        committedAt: new Date(Date.UTC(2026, 10, 1, 0, 0, this.xid % 60)).toISOString(),
        state: c.state as StateOf<ChangeKind>,
      });
      return { changeId: c.changeId, outcome: 'applied', rev: c.changeId, reason: null };
    });
  }

  /** Everything it holds, as the pages of a pull from the start (records of one kind per page). */
  pages(): FeedPage[] {
    const of = <K extends ChangeKind>(kind: K) =>
      [...this.records.values()].filter((r) => r.kind === kind) as unknown as FeedRecord<K>[];
    return [
      { table: 'reports', rows: of('report') },
      { table: 'lists', rows: of('list') },
      { table: 'list_entries', rows: of('entry') },
      { table: 'boards', rows: of('board') },
    ];
  }

  cursor(): string {
    return String(this.xid + 1);
  }
}
