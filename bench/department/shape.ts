import { randomUUID } from 'node:crypto';
import { createRng } from '../../service/data/synthetic/prng.ts';
import {
  type BoardState,
  type Change,
  ChangeSchema,
  type DepartmentPlayer,
  type EntryState,
  type ReportState,
} from '../../shared/department/changes.ts';

/**
 * The made-up department of bench:department: scouts `scout_01` … (the first one a director too), each
 * with final reports on players of one shared pool, three lists (two shared with the department), and a
 * board; and the director's department board. Texts are as long as a scout writes them (a few sentences of
 * notes), so rows weigh what real ones do. Random but seeded per scout: the same shape at every load.
 */

/** How big the department is. */
export interface DepartmentShape {
  scouts: number;
  reportsPerScout: number;
  listsPerScout: number;
  entriesPerList: number;
  boardEntries: number;
}

export const FULL_SHAPE: DepartmentShape = {
  scouts: 50,
  reportsPerScout: 2000,
  listsPerScout: 3,
  entriesPerList: 20,
  boardEntries: 60,
};

/** The login role of scout `i` (0-based): scout_01 … */
export const scoutName = (i: number) => `scout_${String(i + 1).padStart(2, '0')}`;
/** Scout 0 is the department's director as well. */
export const isDirector = (i: number) => i === 0;

/** A seeded generator of numbers in [0, 1) (the synthetic world's, service/data/synthetic/prng.ts). */
export const seeded = (seed: number): (() => number) => createRng(seed).next;

const FIRST = [
  'Liam',
  'Noah',
  'Oskar',
  'Eetu',
  'Matvei',
  'Carter',
  'Jakub',
  'Linus',
  'Mason',
  'Teodor',
  'Ryan',
  'Elias',
];
const LAST = ['Holm', 'Virta', 'Novak', 'Lindqvist', 'Tremblay', 'Kowalski', 'Berg', 'Marchand', 'Doyle', 'Salo'];
const TEAMS = ['Kitchener Rangers', 'London Knights', 'Saginaw Spirit', 'Everett Silvertips', 'Moncton Wildcats'];
const LEAGUES = ['OHL', 'WHL', 'QMJHL', 'USHL', 'Liiga U20', 'J20 Nationell'];
const POSITIONS = ['C', 'LW', 'RW', 'D', 'D', 'G'] as const;
const SKATER = ['skating', 'puckSkills', 'hockeySense', 'compete', 'physical', 'defensive'] as const;
const GOALIE = ['positioning', 'reboundControl', 'movement', 'compete', 'puckPlay', 'reads'] as const;
const PROJECTIONS = ['top-six-f', 'middle-six-f', 'bottom-six-f', 'top-four-d', 'bottom-pair-d', 'depth'] as const;
const NOTES = [
  'Reads the play a beat early and gets to the right ice before the puck does.',
  'Quick first three steps; loses a little speed when he has to cut back against the grain.',
  'Wins more battles along the wall than his frame suggests; stick is always active.',
  'Shot is heavy off the pass, release gets slower when he has to handle it first.',
  'Tracked back hard on every shift of the third period, even down two goals.',
  'Decision making on the breakout needs work: forced two passes through the middle.',
];

const pick = <T>(rand: () => number, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;

/** Player `n` of the department's pool (the same player for every scout who sees him). */
export function poolPlayer(n: number): DepartmentPlayer {
  const rand = seeded(n + 1);
  const position = pick(rand, POSITIONS);
  const month = String(1 + Math.floor(rand() * 12)).padStart(2, '0');
  const day = String(1 + Math.floor(rand() * 28)).padStart(2, '0');
  return {
    source: 'hockey-databank:3f9c2a17',
    playerId: 10_000 + n,
    name: `${pick(rand, FIRST)} ${pick(rand, LAST)}-${n}`,
    dateOfBirth: `${2006 + (n % 3)}-${month}-${day}`,
    position,
  };
}
export const POOL_SIZE = 4000;

/** A final report of `scout` on a player of the pool, `notes` of two to four sentences. */
export function reportState(rand: () => number, scout: string, amended = ''): ReportState {
  const player = poolPlayer(Math.floor(rand() * POOL_SIZE));
  const goalie = player.position === 'G';
  const grades = Object.fromEntries((goalie ? GOALIE : SKATER).map((a) => [a, 4 + Math.floor(rand() * 12) / 2]));
  const notes = Array.from({ length: 2 + Math.floor(rand() * 3) }, () => pick(rand, NOTES)).join(' ');
  const month = [9, 10, 11, 12, 1, 2, 3][Math.floor(rand() * 7)] as number;
  return {
    status: 'final',
    player,
    body: {
      gameDate: `${month >= 9 ? 2025 : 2026}-${String(month).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`,
      homeTeam: pick(rand, TEAMS),
      awayTeam: pick(rand, TEAMS),
      league: pick(rand, LEAGUES),
      score: `${Math.floor(rand() * 6)}-${Math.floor(rand() * 6)}`,
      positionPlayed: player.position ?? 'C',
      kind: goalie ? 'goalie' : 'skater',
      grades,
      projection: goalie ? 'backup-g' : pick(rand, PROJECTIONS),
      strengths: pick(rand, NOTES),
      weaknesses: pick(rand, NOTES),
      notes: `${notes}${amended}`,
      scoutName: `Scout ${scout.slice(6)}`,
    },
    deleted: false,
  };
}

/** A list entry's state: a player of the pool rated 1-5 with a short note. */
export function entryState(rand: () => number, listId: string): EntryState {
  return {
    listId,
    player: poolPlayer(Math.floor(rand() * POOL_SIZE)),
    rating: 1 + Math.floor(rand() * 5),
    note: pick(rand, NOTES),
    deleted: false,
  };
}

/** A board of `entries` players of the pool in five tiers. */
export function boardState(rand: () => number, kind: BoardState['kind'], entries: number): BoardState {
  const start = Math.floor(rand() * POOL_SIZE);
  return {
    kind,
    name: kind === 'department' ? '2026 department board' : '2026 draft',
    tiers: ['Elite', 'First round', 'Second round', 'Depth', 'Watch'],
    entries: Array.from({ length: entries }, (_, i) => ({
      ...poolPlayer((start + i * 7) % POOL_SIZE),
      tier: Math.floor((i * 5) / entries),
      noInterest: i % 23 === 22,
    })),
    label: '',
    deleted: false,
  };
}

/** A new change of `kind` (a new record unless `recordId` and its `base` are given). */
export function changeOf<K extends Change['kind']>(
  kind: K,
  state: Extract<Change, { kind: K }>['state'],
  recordId: string = randomUUID(),
  base: string | null = null,
): Change {
  return { changeId: randomUUID(), kind, recordId, base, state } as Change;
}

/**
 * Everything scout `i` has when he first syncs, in the order a laptop queues it (a list before its
 * entries): his lists (all but the last shared), their entries, his final reports and his board.
 */
export function scoutChanges(i: number, shape: DepartmentShape): Change[] {
  const rand = seeded(1_000_003 * (i + 1));
  const scout = scoutName(i);
  const out: Change[] = [];
  for (let l = 0; l < shape.listsPerScout; l++) {
    const shared = l < shape.listsPerScout - 1;
    const list = changeOf('list', { name: shared ? `Shared ${l + 1}` : 'Private watch', shared, deleted: false });
    out.push(list);
    for (let e = 0; e < shape.entriesPerList; e++) out.push(changeOf('entry', entryState(rand, list.recordId)));
  }
  for (let r = 0; r < shape.reportsPerScout; r++) out.push(changeOf('report', reportState(rand, scout)));
  out.push(changeOf('board', boardState(rand, 'scout', shape.boardEntries)));
  return out;
}

/** The director's department board (twice a scout's board). */
export const departmentBoard = (shape: DepartmentShape): Change =>
  changeOf('board', boardState(seeded(7), 'department', shape.boardEntries * 2));

/**
 * Checks one change of each kind against the shared contract (what a laptop would send): the bench's
 * made-up records must be ones the app could have made.
 * @throws the zod error of the first change that is not.
 */
export function checkShapes(changes: readonly Change[]): void {
  const seen = new Set<string>();
  for (const c of changes) {
    if (seen.has(c.kind)) continue;
    seen.add(c.kind);
    ChangeSchema.parse(c);
  }
}
