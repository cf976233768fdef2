import { describe, expect, it } from 'vitest';
import type { Coverage } from '../../../../shared/department/desk.ts';
import { reportSave } from '../fixtures.ts';
import { type Laptop, laptopsFolder, outboxOf, RecordedServer, SRC, setup } from './laptop.ts';

/**
 * One player's coverage (the section of his page): the coverage query asked for one player, through the
 * real lists worker. Anna's laptop holds her own final reports and those of her colleague Bob, pulled from a
 * recorded server; Bob wrote on the same player under another source (his name with an accent), and on
 * another player born the same day. The figures are worked out here from what the test had them write.
 */

const folder = laptopsFolder('rinkside-coverage-player-');
const OTHER = 'embedded:other-source';
const DOB = '2005-07-17';

/** What each scout writes: who, where, on whom, when, his skating grade and projection. */
const WRITTEN = [
  { by: 'anna', source: SRC, playerId: 7, name: 'Connor Bedard', date: '2026-10-02', skating: 6, p: 'top-six-f' },
  { by: 'anna', source: SRC, playerId: 7, name: 'Connor Bedard', date: '2026-11-20', skating: 8, p: 'middle-six-f' },
  { by: 'bob', source: OTHER, playerId: 99, name: 'Connor BÉDARD', date: '2026-10-15', skating: 9.5, p: 'top-six-f' },
  // Born the same day, another player: never his.
  { by: 'bob', source: SRC, playerId: 8, name: 'Adam Fantilli', date: '2026-10-16', skating: 3, p: 'depth' },
] as const;

async function write(l: Laptop, by: 'anna' | 'bob') {
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

/** Connor's figures as worked out from {@link WRITTEN}: his dates, his skating grades' mean and range, his projections. */
function connorsFigures() {
  const grades = WRITTEN.filter((w) => w.name.toLowerCase().startsWith('connor')).map((w) => w.skating);
  return {
    firstSeen: '2026-10-02',
    lastSeen: '2026-11-20',
    areas: {
      skating: {
        graded: 3,
        mean: grades.reduce((x, y) => x + y, 0) / grades.length,
        min: Math.min(...grades),
        max: Math.max(...grades),
      },
    },
    projections: { 'top-six-f': 2, 'middle-six-f': 1 },
    topProjection: 'top-six-f',
    // 9.5 - 6 = 3.5 is over the default threshold of 2.
    disagreeAreas: ['skating'],
  };
}

describe("one player's coverage", () => {
  it('sums up his final reports from every source that names him, and nobody else’s', async () => {
    const server = new RecordedServer();
    const bob = await folder.fresh();
    await bob.lists.departmentConfigure(setup('bob', 'Bob Lindqvist'));
    await write(bob, 'bob');
    await bob.lists.departmentAcknowledge(server.push('bob', await outboxOf(bob.lists)));
    const anna = await folder.fresh();
    await anna.lists.departmentConfigure(setup('anna', 'Anna Berg'));
    await write(anna, 'anna');
    // A draft is no viewing.
    await anna.lists.saveReport(reportSave({ status: 'draft', grades: { skating: 1 } }), SRC);
    await anna.lists.departmentApply(server.pages(), server.cursor());

    const his = WRITTEN.filter((w) => w.name.toLowerCase().startsWith('connor'));
    const cov = await anna.lists.departmentCoverage({
      player: { source: SRC, playerId: 7, name: 'Connor Bedard', dateOfBirth: DOB },
    });
    expect(cov.total).toBe(1);
    expect(cov.rows).toHaveLength(1);
    expect(cov.rows[0]).toMatchObject({
      reports: his.length,
      scouts: 2,
      scoutNames: ['Anna Berg', 'Bob Lindqvist'],
      ...connorsFigures(),
    });
    expect(Object.keys(cov.rows[0]?.areas ?? {})).toEqual(['skating']);
    expect(cov.threshold).toBe(2);

    // Asked by his other source's id, he is the same player; the other player born that day is his own.
    const other = await anna.lists.departmentCoverage({
      player: { source: OTHER, playerId: 99, name: 'Connor Bédard', dateOfBirth: DOB },
    });
    expect(other.rows.map((r) => r.reports)).toEqual([3]);
    const fantilli = await anna.lists.departmentCoverage({
      player: { source: SRC, playerId: 8, name: 'Adam Fantilli', dateOfBirth: DOB },
    });
    expect(fantilli.rows.map((r) => [r.player.name, r.reports, r.areas.skating?.mean])).toEqual([
      ['Adam Fantilli', 1, 3],
    ]);
    // Nobody reported on him: no row.
    const nobody = await anna.lists.departmentCoverage({
      player: { source: SRC, playerId: 12, name: 'Nobody Seen', dateOfBirth: null },
    });
    expect(nobody).toEqual({ rows: [], total: 0, threshold: 2 });
  });

  it('answers every player as the host asks (JSON bytes), each row with its scouts in reading order', async () => {
    // Names whose reading order is not their character codes' ('Å' comes after 'B' there).
    const server = new RecordedServer();
    const bob = await folder.fresh();
    await bob.lists.departmentConfigure(setup('bob', 'Åsa Lind'));
    await write(bob, 'bob');
    await bob.lists.departmentAcknowledge(server.push('bob', await outboxOf(bob.lists)));
    const anna = await folder.fresh();
    await anna.lists.departmentConfigure(setup('anna', 'Berit Holm'));
    await write(anna, 'anna');
    await anna.lists.departmentApply(server.pages(), server.cursor());

    const bytes = await anna.lists.departmentCoverageJson({ sort: 'name', desc: false, limit: 100_000 });
    expect(bytes).toBeInstanceOf(Uint8Array);
    const cov = JSON.parse(new TextDecoder().decode(bytes)) as Coverage;
    expect(cov.total).toBe(2);
    expect(cov.threshold).toBe(2);
    expect(cov.rows.map((r) => [r.player.name, r.reports, r.scouts, r.scoutNames])).toEqual([
      ['Adam Fantilli', 1, 1, ['Åsa Lind']],
      // His newest report is Anna's, under her source: his name as she wrote it.
      ['Connor Bedard', 3, 2, ['Åsa Lind', 'Berit Holm']],
    ]);
    expect(cov.rows[1]).toMatchObject(connorsFigures());
  });
});
