/**
 * `npm run bench:store-clear`: what clearing the offline player cache gives back to the disk. Fills a
 * cache file with made-up team-seasons (`BENCH_ROWS` player statistics records, default 1,000,000, 40
 * players a team-season; the scouting lists are in a file of their own and play no part), copies it, and
 * prints the file's size (with its WAL): filled; after the rows are deleted the way a download from another
 * service clears them (`adoptSource`: DELETE only, the freed pages stay in the file); and after `clear()`
 * (DELETE, then VACUUM and the WAL truncated). Sizes are the files' own, in MB; the times are one run's on a
 * shared machine.
 */
import { copyFileSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UnitCommit } from '../shared/domain/offline.ts';
import { openStoreClient } from '../store/index.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const PER_UNIT = 40;
const BATCH = 16;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const sizeOf = (file: string) => {
  const size = (f: string) => statSync(f, { throwIfNoEntry: false })?.size ?? 0;
  return size(file) + size(`${file}-wal`);
};

/** Team-season `n`: 40 made-up players (a new 40 every 7 seasons, as careers go) and a row each. */
function unit(n: number): UnitCommit {
  const season = 1950 + (n % 70);
  const first = Math.floor(n / 7) * PER_UNIT;
  const ids = Array.from({ length: PER_UNIT }, (_, i) => first + i + 1);
  return {
    leagueSlug: `l${n % 20}`,
    league: { slug: `l${n % 20}`, name: `League ${n % 20}`, fullName: null },
    season: { slug: `${season}-${season + 1}`, startYear: season, endYear: season + 1 },
    team: { id: n, name: `Team ${n}` },
    players: ids.map((id) => ({
      id,
      name: `Player Number${id} Surname${id % 977}`,
      firstName: `Player`,
      lastName: `Surname${id % 977}`,
      position: id % 10 === 0 ? 'G' : 'F',
      detailedPosition: [],
      draftSelection: null,
      nationality: { slug: 'can', name: 'Canada' },
      dateOfBirth: `${1930 + (id % 70)}-0${1 + (id % 9)}-1${id % 10}`,
      yearOfBirth: 1930 + (id % 70),
      height: { metrics: 170 + (id % 30) },
      weight: { metrics: 70 + (id % 30) },
      shoots: id % 2 ? 'L' : 'R',
      catches: null,
      updatedAt: '2024-01-01T00:00:00Z',
    })),
    rows: ids.map((id) => ({
      id: n * PER_UNIT + id,
      playerId: id,
      team: { id: n, name: `Team ${n}` },
      leagueSlug: `l${n % 20}`,
      season: `${season}-${season + 1}`,
      playerAge: 20 + (id % 15),
      regularStats: { GP: 82, G: id % 60, A: id % 70, PTS: (id % 60) + (id % 70), PIM: id % 100, PM: (id % 41) - 20 },
      postseasonStats: { GP: 10, G: id % 9, A: id % 11, PTS: (id % 9) + (id % 11) },
      totalStats: { GP: 92, G: id % 69, A: id % 81, PTS: (id % 69) + (id % 81) },
    })),
  };
}

const dir = join(tmpdir(), `rinkside-bench-clear-${process.pid}`);
mkdirSync(dir, { recursive: true });
const file = join(dir, 'offline-players.sqlite');
const copy = join(dir, 'copy.sqlite');
try {
  const t0 = performance.now();
  const store = await openStoreClient({ file });
  await store.adoptSource('embedded:bench');
  const units = Math.ceil(ROWS / PER_UNIT);
  for (let n = 0; n < units; n += BATCH) {
    await store.commitUnits(Array.from({ length: Math.min(BATCH, units - n) }, (_, i) => unit(n + i)));
  }
  const counts = await store.counts();
  await store.close();
  console.log(
    `filled: ${counts.playerStats} stats rows, ${counts.players} players in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  console.log(`  file: ${mb(sizeOf(file))}`);

  copyFileSync(file, copy);
  const old = await openStoreClient({ file: copy });
  let t = performance.now();
  await old.adoptSource('https://another.example/v1');
  await old.close();
  console.log(
    `deleted only (as a change of service clears): ${mb(sizeOf(copy))} (${((performance.now() - t) / 1000).toFixed(1)} s)`,
  );

  const cleared = await openStoreClient({ file });
  t = performance.now();
  const r = await cleared.clear();
  await cleared.close();
  console.log(
    `clear() (DELETE + VACUUM): ${mb(r.bytesBefore)} → ${mb(r.bytes)}; on disk after close ${mb(sizeOf(file))} (${((performance.now() - t) / 1000).toFixed(1)} s)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
