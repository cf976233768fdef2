// Season totals of imported goalies against the real Databank rows: a total is the sum of the blocks that
// exist, and a value one block lacks counts as zero where the other block has it (the Databank leaves
// playoff ties empty: PostT).
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDatabank } from '../../../service/data/databank/import.ts';
import type { Sample } from './databank-sample.ts';
import { fieldsOf, readLines, writeSample } from './databank-sample.ts';
import { openPlain, tempDir } from './helpers.ts';

const GOALIES_HEADER = readLines('Goalies.csv').header;
const MASTER_HEADER = readLines('Master.csv').header;
const num = (s: string | undefined) => (s === undefined || s === '' ? null : Number(s));

describe('Databank totals (Montreal 1976-77, Boston 1970-71)', () => {
  const t = tempDir();
  const dir = path.join(t.dir, 'databank');
  const file = path.join(t.dir, 'databank.db');
  let sample: Sample;
  let db: DatabaseSync;

  beforeAll(async () => {
    sample = writeSample(dir, [
      [1976, 'MTL'],
      [1970, 'BOS'],
    ]);
    await importDatabank(dir, file);
    db = openPlain(file);
  });
  afterAll(() => {
    db?.close();
    t.cleanup();
  });

  /** The imported goalie row of a Goalies.csv line. */
  const imported = (f: Record<string, string>) =>
    db
      .prepare(
        `SELECT ps.reg_T, ps.post_T, ps.tot_T, ps.tot_W, ps.tot_L, ps.tot_GP, ps.tot_SA, ps.tot_SVP
           FROM player_stats ps JOIN players p ON p.id = ps.playerId
          WHERE ps.isGoalie = 1 AND ps.seasonSlug = ? AND p.firstName || ' ' || p.lastName = ?`,
      )
      .get(`${f.year}-${Number(f.year) + 1}`, f.name ?? '') as Record<string, number | null> | undefined;

  const goalie = (playerID: string, year: number): Record<string, string> => {
    const line = (sample['Goalies.csv'] ?? []).find((l) => l.startsWith(`${playerID},${year},`));
    if (!line) throw new Error(`no Goalies.csv row for ${playerID} ${year} in the sample`);
    const f = fieldsOf(GOALIES_HEADER, line);
    const m = (sample['Master.csv'] ?? []).map((l) => fieldsOf(MASTER_HEADER, l));
    const who = m.find((r) => r.playerID === playerID);
    return { ...f, name: `${who?.firstName} ${who?.lastName}` };
  };

  it('Dryden 1976-77: total T is the regular T plus a playoff T the file leaves empty (8)', () => {
    const f = goalie('drydeke01', 1976);
    expect(f['T/OL']).toBe('8');
    expect(f.PostT).toBe('');
    expect(Number(f.PostGP)).toBeGreaterThan(0);
    const row = imported(f);
    expect(row).toMatchObject({ reg_T: 8, post_T: null, tot_T: 8 });
  });

  it('Cheevers 1970-71: total T 5', () => {
    const f = goalie('cheevge01', 1970);
    expect(imported(f)).toMatchObject({ reg_T: Number(f['T/OL']), tot_T: 5 });
  });

  it('every goalie of the sample: total W, L, T, GP = the sum of the blocks given; SA unknown stays unknown', () => {
    const lines = sample['Goalies.csv'] ?? [];
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const l of lines) {
      const f = goalie(fieldsOf(GOALIES_HEADER, l).playerID as string, Number(fieldsOf(GOALIES_HEADER, l).year));
      const sum = (a: string, b: string) =>
        num(f[a]) === null && num(f[b]) === null ? null : (num(f[a]) ?? 0) + (num(f[b]) ?? 0);
      const postPlayed = (num(f.PostGP) ?? 0) > 0;
      const row = imported(f);
      expect(row, f.playerID).toMatchObject({
        tot_GP: sum('GP', postPlayed ? 'PostGP' : '-'),
        tot_W: sum('W', postPlayed ? 'PostW' : '-'),
        tot_L: sum('L', postPlayed ? 'PostL' : '-'),
        tot_T: sum('T/OL', postPlayed ? 'PostT' : '-'),
        tot_SA: null,
        tot_SVP: null,
      });
    }
  });
});
