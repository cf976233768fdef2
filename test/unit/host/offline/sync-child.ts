/**
 * One download in a process of its own, for tests that kill it mid-download (SIGKILL, as a crash or a
 * closed laptop would): `node sync-child.ts STORE_FILE BASE_URL KEY LEAGUES` (leagues comma-separated),
 * from the host's own sync driver and service client into the store file, with the source `test`. It
 * prints `committed N` after each team-season committed and `done STATE` at the end.
 */
import { runSync } from '../../../../electron/host/offline/sync/run.ts';
import { createServiceClient } from '../../../../electron/host/service-client/service-client.ts';
import { openStoreClient } from '../../../../store/index.ts';

const [file, baseUrl, apiKey, leagues] = process.argv.slice(2) as [string, string, string, string];
const store = await openStoreClient({ file });
const r = await runSync(
  { leagues: leagues.split(',') },
  {
    client: createServiceClient(),
    store,
    baseUrl,
    apiKey,
    source: 'test',
    onUnitCommitted: (n) => console.log(`committed ${n}`),
  },
);
console.log(`done ${r.state}`);
await store.close();
