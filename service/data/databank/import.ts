/**
 * The Hockey Databank importer: a directory of the Databank's CSVs (see the data's SOURCE.md) into the
 * service schema. Leagues, seasons, teams (one per franchise, named by its latest name), team-seasons
 * (that season's name), standings, players, coaches as staff, goalie and skater season stats.
 *
 * Rows that cannot be read are skipped and reported with file, line and reason; a missing required file
 * or a wrong header stops the import. The database is built in a temp file and renamed into place only
 * when the import succeeds, so a failure leaves no half-written database.
 */

import fs from 'node:fs';
import path from 'node:path';
import { seasonSlug } from '../../../shared/contract/spec.ts';
import { HOCKEY_DATABANK_ATTRIBUTION, openDatabase, writeProvenance } from '../../db/open.ts';
import type { Row } from '../store.ts';
import { batcher, buildAtomically, finishBulkLoad, makeInserter, settleStatuses, startBulkLoad } from '../store.ts';
import type { ImportContext, ImportReport } from './context.ts';
import type { CsvFile } from './csv.ts';
import { DatabankImportError, readDatabankCsv } from './csv.ts';
import { databankIdentity, writeIdentity } from './identity.ts';
import type { DatabankFile } from './layout.ts';
import { DATABANK_UPDATED_AT, REQUIRED_FILES } from './layout.ts';
import { importCoaches, readPeople, writePeople } from './people.ts';
import { checkFiles, checkGoalieCoverage, checkSkipped, DEFAULT_MAX_SKIPPED_SHARE, problemsMessage } from './sanity.ts';
import { importSeasonStats } from './stats.ts';
import { importTeams } from './teams.ts';

export type { ImportReport, RowReport } from './context.ts';
export { DatabankImportError } from './csv.ts';

/** Options of {@link importDatabank}. */
export interface ImportOptions {
  onProgress?: (msg: string) => void;
  onSkip?: (file: string, line: number, reason: string) => void;
  /**
   * The largest share (0..1) of a file's rows that may be skipped, and of Teams.csv's team-seasons that
   * may lack a goalie, before the import fails. Default {@link DEFAULT_MAX_SKIPPED_SHARE} (1 %).
   */
  maxSkippedShare?: number;
}

/**
 * Imports the Hockey Databank directory `dir` into a new service database at `file` (replacing it on
 * success). Records provenance with the Databank's attribution statement, which its terms require to be
 * displayed, and an identity made from the files read (identity.ts), the same for every import of them.
 * @throws DatabankImportError when a required file is missing or a header differs, or when the files look
 *   damaged (a file empty or cut short, lines merged by a stray quote, more than `maxSkippedShare` of a
 *   file's rows skipped): the message names each file and problem, and the database at `file` is untouched.
 */
export async function importDatabank(dir: string, file: string, opts: ImportOptions = {}): Promise<ImportReport> {
  const progress = opts.onProgress ?? (() => {});
  const report: ImportReport = { counts: {}, skipped: [], notes: [] };
  const skip = (f: string, line: number, reason: string) => {
    report.skipped.push({ file: f, line, reason });
    opts.onSkip?.(f, line, reason);
  };

  // Read and check every file before touching any database.
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    throw new DatabankImportError(`${dir} is not a directory (expected a Hockey Databank CSV directory)`);
  }
  const files = new Map<DatabankFile, CsvFile>();
  for (const f of REQUIRED_FILES) {
    const csv = readDatabankCsv(dir, f) as CsvFile;
    files.set(f, csv);
    progress(`read ${f}: ${csv.rows.length} rows`);
  }
  const scoring = readDatabankCsv(dir, 'Scoring.csv', true);
  progress(
    scoring ? `read Scoring.csv: ${scoring.rows.length} rows` : 'Scoring.csv not found: skater stats are not imported',
  );
  for (const [f, csv] of [...files, ...(scoring ? [['Scoring.csv', scoring] as const] : [])]) {
    for (const b of csv.bad) skip(f, b.line, b.reason);
  }
  const get = (f: DatabankFile) => files.get(f) as CsvFile;
  const maxShare = opts.maxSkippedShare ?? DEFAULT_MAX_SKIPPED_SHARE;
  const allFiles = new Map<string, CsvFile>([...files, ...(scoring ? [['Scoring.csv', scoring] as const] : [])]);
  const damaged = [...checkFiles(allFiles), ...checkGoalieCoverage(get('Teams.csv'), get('Goalies.csv'), maxShare)];
  if (damaged.length > 0) throw new DatabankImportError(problemsMessage(dir, damaged));

  // Each step yields to the event loop, so a Ctrl-C or SIGTERM is handled within a step (buildAtomically
  // then removes the temp files) rather than after the whole import.
  const step = () => new Promise<void>((resolve) => setImmediate(resolve));
  await buildAtomically(file, async (temp) => {
    const db = openDatabase(temp);
    try {
      // The files' content names the database: the same Databank imported anywhere is one source.
      writeIdentity(db, databankIdentity(dir, [...allFiles.keys()]));
      startBulkLoad(db);
      const batch = batcher(db);
      const inserters = new Map<string, ReturnType<typeof makeInserter>>();
      const put = (table: string, row: Row) => {
        let ins = inserters.get(table);
        if (!ins) {
          ins = makeInserter(db, table);
          inserters.set(table, ins);
        }
        ins({ updatedAt: DATABANK_UPDATED_AT, ...row });
        batch.tick();
      };
      const ctx: ImportContext = {
        get,
        scoring,
        put,
        skip,
        note: (f, line, reason) => report.notes.push({ file: f, line, reason }),
        progress,
      };
      const teams = importTeams(ctx);
      await step();
      const people = readPeople(ctx);
      await step();
      // Season stats before people: who played the last season decides who is active, and where.
      const currentTeam = importSeasonStats(ctx, people, teams);
      await step();
      writePeople(ctx, people, currentTeam, teams.lastYear);
      importCoaches(ctx, people, teams);
      const lossy = checkSkipped(allFiles, report.skipped, maxShare);
      if (lossy.length > 0) throw new DatabankImportError(problemsMessage(dir, lossy));
      await step();
      ctx.progress(
        `people: ${people.playerIds.size} players, ${people.staffIds.size} coaches (${teams.firstYear}-${teams.lastYear})`,
      );
      const lastSeason = seasonSlug(teams.lastYear);
      batch.done();
      settleStatuses(db, lastSeason);
      progress('building indexes and checking references');
      writeProvenance(db, {
        source: 'hockey-databank',
        attribution: HOCKEY_DATABANK_ATTRIBUTION,
        description:
          'Hockey Databank 13.0: real historical statistics of the NHL (1917-18 to 2017-18), WHA, NHA, PCHA and WCHL.',
        directory: path.resolve(dir),
      });
      finishBulkLoad(db);
      await step();
      db.exec('PRAGMA journal_mode = DELETE');
      for (const [table, ins] of inserters) report.counts[table] = ins.count;
    } finally {
      db.close();
    }
  });
  progress(`done: ${Object.values(report.counts).reduce((s, n) => s + n, 0)} rows, ${report.skipped.length} skipped`);
  return report;
}
