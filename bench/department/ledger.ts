import type { ClientBase } from 'pg';
import type { Change, PushOutcome } from '../../shared/department/changes.ts';

/**
 * What each simulated scout pushed and the server acknowledged (his outbox, as answered), as the rows it
 * must have left on the server, per owner: one `changes` row per change id, one record per new record id,
 * one report version per report change, one board version per board change. The loss check counts the
 * server's rows per owner against it.
 */

/** The server's tables the check counts, and the column that names the row's scout. */
export const COUNTED = {
  changes: 'owner',
  reports: 'owner',
  report_versions: 'owner',
  lists: 'owner',
  list_entries: 'owner',
  boards: 'owner',
  board_versions: 'author',
} as const;
export type Counted = keyof typeof COUNTED;
export type Counts = Record<Counted, number>;

const RECORD_TABLE = { report: 'reports', list: 'lists', entry: 'list_entries', board: 'boards' } as const;
const zero = (): Counts => ({
  changes: 0,
  reports: 0,
  report_versions: 0,
  lists: 0,
  list_entries: 0,
  boards: 0,
  board_versions: 0,
});

/** Expected rows per owner, and every answer that was not the one expected. */
export class Ledger {
  readonly counts = new Map<string, Counts>();
  readonly problems: string[] = [];

  /** A ledger of the counts `saved` (from `toJSON`). */
  static from(saved: Record<string, Counts>): Ledger {
    const ledger = new Ledger();
    for (const [owner, counts] of Object.entries(saved)) ledger.counts.set(owner, { ...counts });
    return ledger;
  }

  toJSON(): Record<string, Counts> {
    return Object.fromEntries(this.counts);
  }

  /**
   * Books the server's answers to `changes` pushed by `owner`: each must be `expected` (`applied` for a
   * push, `duplicate` for one repeated after a lost answer, which leaves nothing new).
   */
  acknowledge(
    owner: string,
    changes: readonly Change[],
    outcomes: readonly PushOutcome[],
    expected: 'applied' | 'duplicate' = 'applied',
  ): void {
    if (outcomes.length !== changes.length) {
      this.problems.push(`${owner}: ${changes.length} changes pushed, ${outcomes.length} answers`);
    }
    const counts = this.counts.get(owner) ?? zero();
    this.counts.set(owner, counts);
    changes.forEach((c, i) => {
      const o = outcomes[i];
      if (o?.changeId !== c.changeId || o.outcome !== expected) {
        this.problems.push(`${owner}: change ${c.changeId} answered ${o?.outcome} ${o?.reason ?? ''}, not ${expected}`);
        return;
      }
      if (expected === 'duplicate') return;
      counts.changes++;
      // The directors' records (assignments, settings) are not among the counted tables.
      if (c.base === null && c.kind in RECORD_TABLE) counts[RECORD_TABLE[c.kind as keyof typeof RECORD_TABLE]]++;
      if (c.kind === 'report') counts.report_versions++;
      if (c.kind === 'board') counts.board_versions++;
    });
  }
}

/**
 * The server's rows per owner against the ledger, as the admin counts them (no row-level security):
 * one line per difference, none when nothing was lost or duplicated. An owner the ledger does not know
 * counts as expecting no rows.
 */
export async function countAgainst(admin: ClientBase, ledger: Ledger): Promise<{ lines: string[]; rows: number }> {
  const lines: string[] = [];
  let rows = 0;
  for (const [table, column] of Object.entries(COUNTED) as [Counted, string][]) {
    const { rows: found } = await admin.query<{ who: string; n: number }>(
      `SELECT ${column} AS who, count(*)::int AS n FROM rinkside.${table} GROUP BY 1`,
    );
    const onServer = new Map(found.map((r) => [r.who, r.n]));
    for (const who of new Set([...onServer.keys(), ...ledger.counts.keys()])) {
      const want = ledger.counts.get(who)?.[table] ?? 0;
      const got = onServer.get(who) ?? 0;
      rows += got;
      if (got < want) lines.push(`${table}, ${who}: ${want - got} lost (${got} on the server, ${want} acknowledged)`);
      if (got > want) lines.push(`${table}, ${who}: ${got - want} extra (${got} on the server, ${want} acknowledged)`);
    }
  }
  return { lines, rows };
}
