import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { expect } from 'vitest';
import { runSync } from '../../../../electron/host/offline/sync/run.ts';
import { createServiceClient, type ServiceClient } from '../../../../electron/host/service-client/service-client.ts';
import { type RunningService, startService } from '../../../../service/server.ts';
import { openStoreClient, type StoreClient } from '../../../../store/index.ts';
import { DATABANK_DIR } from '../../service-data/databank-sample.ts';
import { importDatabankOnce } from '../../service-data/database-once.ts';

/** A row of a Databank CSV file, column → value. */
export type Csv = Record<string, string>;

/** The rows of one of the real Databank's CSV files (read here, never from the store). */
export const databankCsv = async (file: string): Promise<Csv[]> =>
  Papa.parse<Csv>(await readFile(join(DATABANK_DIR, file), 'utf8'), { header: true, skipEmptyLines: true }).data;

/** The whole Hockey Databank in the real local service, and an offline store that downloads from it. */
export interface DatabankStore {
  /** The temp folder holding the service's database, its keys file and the store. */
  dir: string;
  service: RunningService;
  store: StoreClient;
  /** The service's key (every league, season and category) and the host's client the downloads use. */
  apiKey: string;
  client: ServiceClient;
  /**
   * Downloads a league's seasons (every one without a range) through the host's sync, then derives their rows
   * as the host does after each download; fails the test unless done.
   */
  download(league: string, from?: string, to?: string): Promise<void>;
  /** Closes the store and the service and removes every file. */
  close(): Promise<void>;
}

/**
 * Imports the whole Databank with the service importer into a temp database, starts the local service on
 * it with a key to every league, season and category, and opens an offline store beside it (`prefix`
 * names the temp folder).
 */
export async function openDatabankStore(prefix: string): Promise<DatabankStore> {
  const key = `${prefix}key-1`;
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await importDatabankOnce(DATABANK_DIR, join(dir, 'databank.db'));
  await writeFile(
    join(dir, 'keys.json'),
    JSON.stringify({ keys: [{ key, organisation: 'T', leagues: '*', seasons: '*', categories: '*' }] }),
  );
  const service = await startService({ db: join(dir, 'databank.db'), port: 0, keys: join(dir, 'keys.json') });
  const store = await openStoreClient({ file: join(dir, 'offline.sqlite') });
  const client = createServiceClient({ baseDelayMs: 10 });
  return {
    dir,
    service,
    store,
    apiKey: key,
    client,
    async download(league, from, to) {
      const range = from === undefined ? {} : { seasonFrom: from, seasonTo: to ?? from };
      const done = await runSync(
        { leagues: [league], ...range },
        { client, store, baseUrl: service.baseUrl, apiKey: key },
      );
      expect(done.state, done.error ?? '').toBe('done');
      // The host derives the rows after each download (store/cache/derive.ts); a query never does.
      await store.prepareLeaders();
    },
    async close() {
      await store.close();
      await service.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
