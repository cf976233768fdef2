import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { push } from '../../department/sync/push.ts';
import { type BenchCluster, LOADED_DB } from './cluster.ts';
import { type Counts, Ledger } from './ledger.ts';
import { inPool } from './pool.ts';
import { checkShapes, type DepartmentShape, departmentBoard, scoutChanges, scoutName } from './shape.ts';

/**
 * Loads the department the way its laptops would: each scout connects as his own login role and pushes
 * everything he has through department/sync/push.ts (batches of 50, one statement each), so every row
 * carries its real owner, transaction id and entry in the changes log. Several scouts push at once; the
 * director pushes the department board last. The answers are booked in a ledger, kept beside the cluster
 * (`ledger.json`) for the loss check of later runs.
 */

const ledgerFile = (dir: string) => join(dir, 'ledger.json');

/** What the load did. */
export interface Loaded {
  ledger: Ledger;
  changes: number;
  ms: number;
}

/**
 * Pushes the department of `shape` into the loaded database, `width` scouts at a time.
 * @throws Error when a change was not applied (the load is not one to measure).
 */
export async function loadDepartment(cluster: BenchCluster, shape: DepartmentShape, width: number): Promise<Loaded> {
  const ledger = new Ledger();
  const t0 = performance.now();
  let changes = 0;
  let done = 0;
  const pushAs = async (scout: string, batch: ReturnType<typeof scoutChanges>) => {
    const client = await cluster.connect(LOADED_DB, scout);
    try {
      ledger.acknowledge(scout, batch, await push(client, batch));
      changes += batch.length;
    } finally {
      await client.end();
    }
  };
  const scouts = Array.from({ length: shape.scouts }, (_, i) => i);
  await inPool(scouts, width, async (i) => {
    const batch = scoutChanges(i, shape);
    if (i === 0) checkShapes(batch);
    await pushAs(scoutName(i), batch);
    done++;
    if (done % 10 === 0 || done === shape.scouts) {
      const s = (performance.now() - t0) / 1000;
      console.log(`  loaded ${done}/${shape.scouts} scouts, ${changes} changes, ${s.toFixed(0)} s`);
    }
  });
  const board = departmentBoard(shape);
  checkShapes([board]);
  await pushAs(scoutName(0), [board]);
  if (ledger.problems.length > 0)
    throw new Error(`the load was not applied:\n${ledger.problems.slice(0, 5).join('\n')}`);
  writeFileSync(ledgerFile(cluster.info.dir), JSON.stringify(ledger));
  return { ledger, changes, ms: performance.now() - t0 };
}

/** The ledger of the load kept in `dir`. */
export function loadedLedger(dir: string): Ledger | null {
  if (!existsSync(ledgerFile(dir))) return null;
  return Ledger.from(JSON.parse(readFileSync(ledgerFile(dir), 'utf8')) as Record<string, Counts>);
}
