import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Host } from '../../../../electron/host/app.ts';
import type { About, ExportStatus } from '../../../../shared/bridge/bridge.ts';
import { fieldsOf, readLines } from '../../service-data/databank-sample.ts';
import { startDatabankHost } from '../databank-host.ts';

/**
 * The player file's PDF of Hockey Databank data carries the Databank's attribution, as the XLSX's About
 * sheet does: a host on a small Databank import (Montreal 1976-77) writes Ken Dryden's file through the
 * bridge, as the page asks for it, and the PDF's text (extracted with unpdf) holds the statement the
 * service's own `/about` gives, read here over HTTP.
 */

let dir: string;
let host: Host;
let served: About;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-pdf-databank-'));
  ({ host } = await startDatabankHost(dir, [[1976, 'MTL']]));
  served = (await fetch(`${host.embedded?.baseUrl()}/about`).then((r) => r.json())) as About;
}, 120_000);
afterAll(async () => {
  await host?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The text of a PDF, white space made single spaces. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe("the player file's PDF of Databank data", () => {
  it('carries the attribution the service gives, in full', async () => {
    expect(served.provenance.source).toBe('hockey-databank');
    const attribution = served.provenance.attribution ?? '';
    expect(attribution).toContain('Hockey Databank');

    // His regular season with Montreal, as Goalies.csv has it.
    const goalies = readLines('Goalies.csv');
    const line = goalies.lines
      .map((l) => fieldsOf(goalies.header, l))
      .find((f) => f.playerID === 'drydeke01' && f.year === '1976');
    if (!line) throw new Error('Dryden 1976 is not in Goalies.csv');
    const made = await host.dispatch('playerFilePdf', {
      playerId: 7,
      name: 'Ken Dryden',
      goalie: true,
      facts: [['Position', 'G']],
      career: [
        {
          season: '1976-1977',
          team: 'Montreal Canadiens',
          league: 'NHL',
          GP: Number(line.GP),
          G: null,
          A: null,
          PTS: null,
          W: Number(line.W),
          GAA: null,
          SVP: null,
        },
      ],
    });
    if (!made.ok) throw new Error(made.error.message);
    const status = made.value as ExportStatus;
    expect(status).toMatchObject({ state: 'done', format: 'pdf' });
    const text = await pdfText(new Uint8Array(await readFile(join(dir, status.fileName))));
    expect(text).toContain('Ken Dryden');
    expect(text).toContain(attribution.replace(/\s+/g, ' '));
  });
});
