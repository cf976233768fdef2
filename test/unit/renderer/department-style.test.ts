import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaText } from '../../../renderer/entities/department/coverage.ts';
import { assignedGameText } from '../../../renderer/entities/department/games.ts';
import { queuedText, settingsSyncLine, waitingText } from '../../../renderer/entities/department/syncWords.ts';
import { gradeText } from '../../../renderer/entities/reports/useReports.ts';
import { formatGrade } from '../../../renderer/format/index.ts';
import { boardCountsText, boardSizeText } from '../../../renderer/views/boards/boardModel.ts';
import { reportsCountText } from '../../../renderer/views/reports/ReportsView.tsx';
import { plannedText } from '../../../renderer/views/viewing-log/rows.ts';
import type { DepartmentSyncStatus } from '../../../shared/department/bridge.ts';
import type { Assignment, CoverageRow } from '../../../shared/department/desk.ts';

/**
 * The department's views in the app's one style: a grade written as the scout gave it wherever it shows
 * (Coverage's range as the player page's), a game as the viewing log writes it (its day first), and counts
 * with thousands separators and their noun (Settings → Department, the sync menu, the reports list).
 */

const coverageRow = (skating: { mean: number; min: number; max: number }): CoverageRow => ({
  player: { source: 'embedded:test', playerId: 1, name: 'Ville Kapanen', dateOfBirth: null, position: 'C' },
  league: 'OHL',
  draftYear: 2026,
  tier: null,
  reports: 3,
  scouts: 2,
  scoutNames: ['Anna Berg', 'Ben Okafor'],
  firstSeen: '2026-11-10',
  lastSeen: '2026-11-18',
  areas: { skating: { graded: 3, ...skating } },
  projections: {},
  topProjection: null,
  disagreeAreas: [],
});

describe('grades in one style', () => {
  it('writes a grade as given, in half points, the same through the reports’ gradeText', () => {
    expect(formatGrade(6)).toBe('6');
    expect(formatGrade(9.5)).toBe('9.5');
    expect(formatGrade(null)).toBe('—');
    expect(gradeText(7.5)).toBe('7.5');
  });

  it('writes Coverage’s lowest–highest as grades (as the player page does), the mean to a tenth', () => {
    // Grades 6, 9.5 and 8: mean 7.83…
    expect(areaText(coverageRow({ mean: (6 + 9.5 + 8) / 3, min: 6, max: 9.5 }), 'skating')).toBe('7.8 (6–9.5)');
    expect(areaText(coverageRow({ mean: 7, min: 7, max: 7 }), 'skating')).toBe('7.0');
    expect(areaText(coverageRow({ mean: 7, min: 7, max: 7 }), 'compete')).toBe('—');
  });
});

describe('a game written one way', () => {
  // What the game's and the planned line's words read of an assignment.
  const a = {
    player: { name: 'Zeev Buium' },
    dueDate: '2026-11-30',
    game: { date: '2026-11-14', homeTeam: 'Denver', awayTeam: 'North Dakota' },
  } as Assignment;

  it('writes an assignment’s game day first, away at home, as the viewing log writes it', () => {
    expect(assignedGameText(a.game)).toBe('2026-11-14 North Dakota at Denver');
    expect(plannedText(a)).toBe('2026-11-14 North Dakota at Denver: Zeev Buium, due 2026-11-30');
    expect(assignedGameText(null)).toBe('—');
    expect(assignedGameText({ date: '2026-11-14', homeTeam: '', awayTeam: '' })).toBe('2026-11-14 Game not named');
  });
});

describe('counts with thousands separators and their noun', () => {
  const status = (over: Partial<DepartmentSyncStatus>) => ({ message: null, syncedAt: null, waiting: 0, ...over });

  it('says what waits to sync as the top bar says it', () => {
    expect(waitingText(1500)).toBe(' · 1,500 changes waiting');
    expect(waitingText(1)).toBe(' · 1 change waiting');
    expect(waitingText(0)).toBe('');
    expect(settingsSyncLine(status({ waiting: 1500 }) as DepartmentSyncStatus)).toBe(
      'Not synced yet · 1,500 changes waiting',
    );
    expect(queuedText(2048)).toBe('; 2,048 records to send');
  });

  it('counts the reports list and its drafts', () => {
    const list = [
      ...Array.from({ length: 1200 }, () => ({ status: 'final' as const })),
      ...Array.from({ length: 1001 }, () => ({ status: 'draft' as const })),
    ];
    expect(reportsCountText(list)).toBe('2,201 reports · 1,001 drafts to finish');
    expect(reportsCountText([{ status: 'final' }])).toBe('1 report');
  });
});

describe('a board’s counts and size with thousands separators', () => {
  it('counts the open board’s ranked players and those of no interest', () => {
    const entries = [
      ...Array.from({ length: 1204 }, () => ({ noInterest: false })),
      ...Array.from({ length: 1003 }, () => ({ noInterest: true })),
    ];
    expect(boardCountsText(entries)).toBe('1,204 ranked · 1,003 no interest');
    expect(boardCountsText([{ noInterest: false }])).toBe('1 ranked · 0 no interest');
  });

  it('writes a board’s size beside its name the same in the index and the merge’s picks', () => {
    expect(boardSizeText(1204)).toBe('(1,204)');
    expect(boardSizeText(0)).toBe('(0)');
  });
});

/** Every `.tsx` file under `dir`. */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.tsx') ? [join(dir, e.name)] : [],
  );

describe('text boxes look like the app’s boxes', () => {
  it('gives every <input> its type (the app styles boxes by type) or a class of its own', () => {
    const bare = sources('renderer').flatMap((path) => {
      const text = readFileSync(path, 'utf8');
      return [...text.matchAll(/<input\b([^>]*?)\/?>/gs)]
        .filter((m) => !/\btype=/.test(m[1] ?? '') && !/\bclassName=/.test(m[1] ?? '') && !/\{\.\.\./.test(m[1] ?? ''))
        .map((m) => `${path}:${text.slice(0, m.index).split('\n').length}`);
    });
    expect(bare).toEqual([]);
  });
});
