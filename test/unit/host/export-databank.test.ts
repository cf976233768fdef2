import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSettings } from '../../../electron/host/common/settings.ts';
import { createExports } from '../../../electron/host/export/export-handlers.ts';
import { createServiceClient } from '../../../electron/host/service-client/service-client.ts';
import { type RunningService, startService } from '../../../service/server.ts';
import { GOALTENDING_COLUMNS } from '../../../shared/columns/index.ts';
import { DATABANK_DIR } from '../service-data/databank-sample.ts';
import { importDatabankOnce } from '../service-data/database-once.ts';
import { settleExport } from './export-settle.ts';

// Montreal's 1976-77 goalies from the real Hockey Databank, exported to XLSX through the host: the numbers
// must be the CSV source's (read here with papaparse), typed as numbers, and the About sheet must carry
// the attribution the service's /about gives.

const DATABANK = DATABANK_DIR;
const KEY = 'databank-export-key-1';
let dir: string;
let service: RunningService;

beforeAll(async () => {
  if (!existsSync(DATABANK)) return;
  dir = await mkdtemp(join(tmpdir(), 'rinkside-export-databank-'));
  await importDatabankOnce(DATABANK, join(dir, 'databank.db'));
  await writeFile(
    join(dir, 'keys.json'),
    JSON.stringify({ keys: [{ key: KEY, organisation: 'T', leagues: '*', seasons: '*', categories: '*' }] }),
  );
  service = await startService({ db: join(dir, 'databank.db'), port: 0, keys: join(dir, 'keys.json') });
}, 120_000);
afterAll(async () => {
  await service?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!existsSync(DATABANK))('export of Databank data', () => {
  it('Montreal 1976-77 goalies: GP, GA and GAA as the CSV source gives them, and the attribution', async () => {
    const source = Papa.parse<Record<string, string>>(await readFile(join(DATABANK, 'Goalies.csv'), 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data.filter((r) => r.tmID === 'MTL' && r.year === '1976');
    const dryden = source.find((r) => r.playerID === 'drydeke01');
    if (!dryden) throw new Error('Dryden 1976 is not in Goalies.csv');
    const want = {
      GP: Number(dryden.GP),
      GA: Number(dryden.GA),
      GAA: Math.round(((Number(dryden.GA) * 60) / Number(dryden.Min)) * 100) / 100,
    };
    expect(want).toEqual({ GP: 56, GA: 117, GAA: 2.14 });

    const teams = await fetch(`${service.baseUrl}/teams?q=Montreal%20Canadiens&limit=5&apiKey=${KEY}`).then((r) =>
      r.json(),
    );
    const team = (teams.data as { id: number; name: string }[]).find((t) => t.name === 'Montreal Canadiens');
    if (!team) throw new Error('Montreal Canadiens not found');
    const about = await fetch(`${service.baseUrl}/about`).then((r) => r.json());
    expect(about.provenance.source).toBe('hockey-databank');

    const out = await mkdtemp(join(dir, 'out-'));
    const ex = createExports({
      client: createServiceClient(),
      settings: await openSettings(join(out, 'settings')),
      baseUrl: () => service.baseUrl,
      keyFor: () => KEY,
      chooseFile: async (suggested) => join(out, suggested.split('/').at(-1) as string),
      downloadDir: join(out, 'downloads'),
    });
    const cols = GOALTENDING_COLUMNS.regularStats.filter((c) =>
      ['player', 'regularStats.GP', 'regularStats.GA', 'regularStats.GAA'].includes(c.id),
    );
    const started = await ex.handlers.exportTable({
      spec: {
        endpoint: 'teamGoaltendingLeaders',
        path: { id: team.id },
        query: { season: '1976-1977', sort: '-regularStats.GP', limit: '100', offset: '0' },
        columns: cols.map((c) => ({ id: c.id, header: c.abbr })),
        context: { view: 'Goaltending leaders', team: team.name, season: '1976-1977', block: 'Regular season' },
      },
      format: 'xlsx',
      scope: 'all',
    });
    if (!started.ok) throw new Error(started.error.message);
    const s = await settleExport(ex, started.value.id);
    expect(s.state).toBe('done');
    expect(s.fileName).toBe('rinkside-goaltending-regular-season-Montreal-Canadiens-1976-1977.xlsx');

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(s.savedTo as string);
    const sheet = book.worksheets[0];
    const rows = new Map<string, unknown[]>();
    sheet?.eachRow((r, n) => {
      if (n > 1) rows.set(String(r.getCell(1).value), (r.values as unknown[]).slice(2));
    });
    expect(rows.get('Ken Dryden')).toEqual([want.GP, want.GA, want.GAA]);
    expect(sheet?.getRow(2).getCell(4).numFmt).toBe('0.00');

    const info = new Map<string, string>();
    book.getWorksheet('About')?.eachRow((r) => info.set(String(r.getCell(1).value), String(r.getCell(2).value)));
    expect(info.get('Attribution')).toBe(about.provenance.attribution);
    expect(info.get('Attribution')).toContain('Hockey Databank');
  }, 60_000);
});
