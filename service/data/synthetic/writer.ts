/**
 * Where the synthetic world's rows go: one prepared insert per table, commits in batches, and the world's
 * timestamps, which come from their own seeded stream so that adding a timestamp to one table does not
 * change the players or statistics drawn after it.
 */

import type { DatabaseSync } from 'node:sqlite';
import type { StatLine } from '../stat-blocks.ts';
import type { Row } from '../store.ts';
import { batcher, makeInserter, makePlayerStatsInserter } from '../store.ts';
import { createRng } from './prng.ts';

/** The tables written row by row (`player_stats` has its own writer, {@link WorldWriter.stats}). */
export const WORLD_TABLES = [
  'countries',
  'seasons',
  'leagues',
  'arenas',
  'teams',
  'team_affiliates',
  'team_seasons',
  'agencies',
  'players',
  'staff',
  'staff_stats',
  'standings',
  'transfers',
  'player_images',
  'stars_and_cult_players',
  'game_logs',
] as const;

/** A table of {@link WORLD_TABLES}. */
export type WorldTable = (typeof WORLD_TABLES)[number];

/** Row counts of a generated world, by table. */
export type WorldCounts = Record<string, number>;

/** Writes the world into one database; every call counts towards the next batched commit. */
export interface WorldWriter {
  /** Inserts one row into `table` (a key left out gets the column's DEFAULT, else NULL). */
  put(table: WorldTable, row: Row): void;
  /** Inserts one `player_stats` row: its base columns and its regular, postseason and total blocks. */
  stats(base: Row, blocks: Record<'reg_' | 'post_' | 'tot_', StatLine | null>): void;
  /** The next `updatedAt` of the world (ISO 8601, UTC), drawn from the timestamp stream. */
  stamp(): string;
  /** `player_stats` rows written so far. */
  readonly statsCount: number;
  /** Commits the last batch. */
  done(): void;
  /** Rows written per table. */
  counts(): WorldCounts;
}

/**
 * Prepares the inserts on `db` (an empty database with the schema applied) and the timestamp stream of
 * `seed`: a fixed "now" moved back by up to ~41 days per seed value, and a pool of 8192 instants over
 * ~400 days before it (formatting a date per row is a measurable cost at a million rows).
 */
export function createWorldWriter(db: DatabaseSync, seed: number): WorldWriter {
  const clockRng = createRng(seed ^ 0x7a11);
  const nowMs = Date.UTC(2026, 5, 30, 12) - (Math.abs(seed) % 997) * 3_600_000;
  const stamps = Array.from({ length: 8192 }, () =>
    new Date(nowMs - clockRng.int(0, 400 * 86_400) * 1000).toISOString(),
  );
  const batch = batcher(db);
  const inserters = new Map(WORLD_TABLES.map((t) => [t, makeInserter(db, t)] as const));
  const writeStats = makePlayerStatsInserter(db);
  return {
    put(table, row) {
      (inserters.get(table) as (row: Row) => void)(row);
      batch.tick();
    },
    stats(base, blocks) {
      writeStats(base, blocks);
      batch.tick();
    },
    stamp: () => stamps[clockRng.int(0, stamps.length - 1)] as string,
    get statsCount() {
      return writeStats.count;
    },
    done: () => batch.done(),
    counts() {
      const counts: WorldCounts = { player_stats: writeStats.count };
      for (const [table, f] of inserters) counts[table] = f.count;
      return counts;
    },
  };
}
