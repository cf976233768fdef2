import { describe, expect, it } from 'vitest';
import type { Coverage } from '../../../../shared/department/desk.ts';
import { reportSave } from '../fixtures.ts';
import { type Laptop, laptopsFolder, outboxOf, RecordedServer, SRC, setup } from './laptop.ts';

/**
 * The coverage as the host asks it (`departmentCoverageJson`: its JSON bytes, every row, as an export
 * asks), through the real lists worker. Two scouts whose names sort one way as a scout reads them and the
 * other way by character code ('Å' is after 'B' there), so each row's scouts are in reading order. The
 * figures are worked out here from what the test had them write.
 */

const folder = laptopsFolder('rinkside-coverage-json-');
const OTHER = 'embedded:other-source';
const DOB = '2005-07-17';

/** What each scout writes: who, where, on whom, when, his skating grade and projection. */
const WRITTEN = [
  { by: 'berit', source: SRC, playerId: 7, name: 'Connor Bedard', date: '2026-10-02', skating: 6, p: 'top-six-f' },
  { by: 'berit', source: SRC, playerId: 7, name: 'Connor Bedard', date: '2026-11-20', skating: 8, p: 'middle-six-f' },
  { by: 'asa', source: OTHER, playerId: 99, name: 'Connor BÉDARD', date: '2026-10-15', skating: 9.5, p: 'top-six-f' },
  { by: 'asa', source: SRC, playerId: 8, name: 'Adam Fantilli', date: '2026-10-16', skating: 3, p: 'depth' },
] as const;

async function write(l: Laptop, by: 'berit' | 'asa') {
  for (const w of WRITTEN.filter((x) => x.by === by)) {
    await l.lists.saveReport(
      reportSave({
        status: 'final',
        playerId: w.playerId,
        player: { name: w.name, position: 'C', dateOfBirth: DOB },
        gameDate: w.date,
        grades: { skating: w.skating },
        projection: w.p,
      }),
      w.source,
    );
  }
}

describe('the coverage as JSON bytes', () => {
  it('holds every row, each with its scouts in reading order', async () => {
    const server = new RecordedServer();
    const asa = await folder.fresh();
    await asa.lists.departmentConfigure(setup('asa', 'Åsa Lind'));
    await write(asa, 'asa');
    await asa.lists.departmentAcknowledge(server.push('asa', await outboxOf(asa.lists)));
    const berit = await folder.fresh();
    await berit.lists.departmentConfigure(setup('berit', 'Berit Holm'));
    await write(berit, 'berit');
    await berit.lists.departmentApply(server.pages(), server.cursor());

    const bytes = await berit.lists.departmentCoverageJson({ sort: 'name', desc: false, limit: 100_000 });
    expect(bytes).toBeInstanceOf(Uint8Array);
    const cov = JSON.parse(new TextDecoder().decode(bytes)) as Coverage;
    expect(cov.total).toBe(2);
    expect(cov.threshold).toBe(2);
    const connor = WRITTEN.filter((w) => w.name.toLowerCase().startsWith('connor')).map((w) => w.skating);
    expect(cov.rows.map((r) => [r.player.name, r.reports, r.scouts, r.scoutNames])).toEqual([
      ['Adam Fantilli', 1, 1, ['Åsa Lind']],
      // His newest report is Berit's, under her source: his name as she wrote it.
      ['Connor Bedard', 3, 2, ['Åsa Lind', 'Berit Holm']],
    ]);
    expect(cov.rows[1]).toMatchObject({
      firstSeen: '2026-10-02',
      lastSeen: '2026-11-20',
      areas: {
        skating: {
          graded: 3,
          mean: connor.reduce((x, y) => x + y, 0) / connor.length,
          min: Math.min(...connor),
          max: Math.max(...connor),
        },
      },
      projections: { 'top-six-f': 2, 'middle-six-f': 1 },
      topProjection: 'top-six-f',
      disagreeAreas: ['skating'],
    });
  });
});
