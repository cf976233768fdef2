import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exports } from '../../../electron/host/export/export-handlers.ts';
import { AGENCY_COLUMNS, GAME_LOG_COLUMNS, TRANSFER_YEAR_COLUMNS } from '../../../shared/columns/index.ts';
import { type Fixture, startFixture } from '../../contract/service-fixture.ts';
import { fixtureExports, settleExport } from './export-settle.ts';

// Exports of the tables whose columns compute their value from the record (a game's score and result, an
// agency's agents) or whose records are bare numbers (transfer years), through the real host and the local
// service. Expected cells come from the test's own GETs and its own reading of the scores.

let fx: Fixture;
let dir: string;

beforeAll(async () => {
  fx = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'rinkside-export-org-'));
}, 60_000);
afterAll(async () => {
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

const exportsFor = (outDir: string) => fixtureExports(fx, outDir);

/** Runs a CSV export of every row and returns the parsed header and rows. */
async function exportCsv(spec: Parameters<Exports['handlers']['exportTable']>[0]['spec']): Promise<string[][]> {
  const out = await mkdtemp(join(dir, 'csv-'));
  const ex = await exportsFor(out);
  const started = await ex.handlers.exportTable({ spec, format: 'csv', scope: 'all' });
  if (!started.ok) throw new Error(started.error.message);
  const done = await settleExport(ex, started.value.id);
  expect(done.state, done.error?.message).toBe('done');
  const text = (await readFile(done.savedTo as string, 'utf8')).replace(/^\uFEFF/, '');
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
}

describe('exports of computed columns and of bare-number records', () => {
  it('a player’s games: date, opponent, the score and the result read from the scores', async () => {
    const [p] = fx.sql<{ playerId: number }>(
      'SELECT playerId FROM game_logs GROUP BY playerId ORDER BY COUNT(*) DESC, playerId LIMIT 1',
    );
    const ids = ['date', 'opponent', 'score', 'result'];
    const query = {
      player: String(p?.playerId),
      sort: '-date',
      fields: 'id,date,opponentName,teamScore,opponentScore,teamScoreSo,opponentScoreSo',
      limit: '3',
      offset: '0',
    };
    const [header, ...rows] = await exportCsv({
      endpoint: 'gameLogAggregate',
      path: {},
      query,
      columns: GAME_LOG_COLUMNS.filter((c) => ids.includes(c.id)).map((c) => ({ id: c.id, header: c.abbr })),
      context: { view: 'Recent games' },
    });
    expect(header).toEqual(['Date', 'Opponent', 'Score', 'Res']);
    const games = (await fx.get(`/game-log-aggregate?${new URLSearchParams({ ...query, limit: '1000' })}`)).body.data;
    expect(rows).toHaveLength(games.length);
    expect(rows).toEqual(
      // biome-ignore lint/suspicious/noExplicitAny: the test reads the raw JSON records
      games.map((g: any) => {
        const so = g.teamScoreSo != null && g.opponentScoreSo != null;
        const result =
          g.teamScore !== g.opponentScore
            ? g.teamScore > g.opponentScore
              ? 'W'
              : 'L'
            : so && g.teamScoreSo !== g.opponentScoreSo
              ? g.teamScoreSo > g.opponentScoreSo
                ? 'SOW'
                : 'SOL'
              : 'T';
        const score = `${g.teamScore}–${g.opponentScore}${so ? ` (SO ${g.teamScoreSo}–${g.opponentScoreSo})` : ''}`;
        return [g.date, g.opponentName, score, result];
      }),
    );
  });

  it('a team’s transfer years: each bare year a row, as numbers', async () => {
    const [t] = fx.sql<{ id: number }>(
      'SELECT toTeamId AS id FROM transfers WHERE toTeamId IS NOT NULL GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 1',
    );
    const [header, ...rows] = await exportCsv({
      endpoint: 'teamTransferYears',
      path: { id: t?.id as number },
      query: { limit: '1000', offset: '0' },
      columns: TRANSFER_YEAR_COLUMNS.map((c) => ({ id: c.id, header: c.abbr })),
      context: { view: 'Transfer years' },
    });
    expect(header).toEqual(['Year']);
    const years = (await fx.get(`/teams/${t?.id}/transfers/years?limit=1000`)).body.data as number[];
    expect(years.length).toBeGreaterThan(0);
    expect(rows).toEqual(years.map((y) => [String(y)]));
  });

  it('agencies: the agents joined in one cell, verified in words', async () => {
    const columns = AGENCY_COLUMNS.filter((c) => ['name', 'agents', 'verified'].includes(c.id));
    const [header, ...rows] = await exportCsv({
      endpoint: 'agencies',
      path: {},
      query: { sort: 'id', fields: 'id,name,agents,verified', limit: '1000', offset: '0' },
      columns: columns.map((c) => ({ id: c.id, header: c.abbr })),
      context: { view: 'Agencies' },
    });
    expect(header).toEqual(['Agency', 'Agents', 'Verified']);
    const agencies = (await fx.get('/agencies?sort=id&limit=1000')).body.data;
    expect(rows).toEqual(
      // biome-ignore lint/suspicious/noExplicitAny: the test reads the raw JSON records
      agencies.map((a: any) => [a.name, a.agents.join(', '), a.verified ? 'Yes' : 'No']),
    );
  });
});
