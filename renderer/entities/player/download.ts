import { formatCount, formatInt } from '../../../shared/columns/index.ts';
import type { SyncProgress, SyncStateRow } from '../../../shared/domain/offline.ts';

/**
 * The download of players for offline use in words, as the Players view, the stats browser and a league's
 * Scoring leaders tab show it: the progress line and share of a download, and the league-seasons on this
 * computer by league.
 */

/** How a stopped download's line begins. */
const STOPPED = { cancelled: 'Cancelled at', interrupted: 'Interrupted at', failed: 'Stopped at' } as const;

/** A duration in words for the ETA: `45 s`, `3 min 05 s`, `1 h 02 min`. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/**
 * The progress line of a download, counting what it counts: `412 of 1,590 team-seasons · 12,345 stat
 * lines · 2,345 players · about 40 s left` (team-seasons as the leagues' standings list them; stat lines
 * and distinct players of those done), and once stopped `Done: …`, `Cancelled at …`, `Interrupted at …`
 * or `Stopped at …: why`; 429s the service answered and refused (403) team-seasons are counted, and the
 * store's preparing of the stats browser's rows after the download is said.
 */
export function progressText(p: SyncProgress): string {
  // Until the leagues' seasons and standings are read, the totals are unknown.
  if (p.state === 'running' && p.unitsTotal === 0) return 'Preparing: reading the leagues’ seasons and standings…';
  const parts = [
    `${formatInt(p.unitsDone)} of ${formatCount(p.unitsTotal, 'team-season')}`,
    formatCount(p.rows, 'stat line'),
    formatCount(p.players, 'player'),
  ];
  if (p.state === 'running')
    parts.push(p.etaMs === null ? 'estimating time left' : `about ${formatDuration(p.etaMs)} left`);
  if (p.rateLimited > 0) parts.push(`slowed down ${formatCount(p.rateLimited, 'time')} at the service’s request`);
  if (p.refused.length > 0)
    parts.push(`${formatCount(p.refused.length, 'team-season')} refused (not in your subscription)`);
  if (p.preparing) parts.push('preparing the stats browser’s rows…');
  const line = parts.join(' · ');
  if (p.state === 'done') return `Done: ${line}`;
  if (p.state === 'idle' || p.state === 'running') return line;
  const head = `${STOPPED[p.state]} ${line}`;
  return p.state === 'failed' && p.error
    ? `${STOPPED.failed} ${parts[0]}: ${p.error} (${parts.slice(1).join(' · ')})`
    : head;
}

/** The share of a download done, 0..1 (team-seasons done of total; 0 when nothing is known yet). */
export function progressFraction(p: SyncProgress): number {
  return p.unitsTotal > 0 ? Math.min(1, p.unitsDone / p.unitsTotal) : 0;
}

/** One league as the download panel lists what is on this computer. */
export interface SyncedLeague {
  slug: string;
  name: string;
  /** Season slugs synced, oldest first. */
  seasons: string[];
  rows: number;
  /** The oldest last-sync time among its seasons (what a re-sync would bring up to date). */
  syncedAt: string;
  /** The newest last-sync time among its seasons. */
  newestAt: string;
  /** A re-sync started and did not end: the next download resumes it. */
  inProgress: boolean;
}

/** The synced league-seasons grouped by league, by name. */
export function syncedLeagues(synced: readonly SyncStateRow[]): SyncedLeague[] {
  const by = new Map<string, SyncedLeague>();
  for (const s of synced) {
    const l = by.get(s.leagueSlug) ?? {
      slug: s.leagueSlug,
      name: s.leagueName ?? s.leagueSlug,
      seasons: [],
      rows: 0,
      syncedAt: s.syncedAt,
      newestAt: s.syncedAt,
      inProgress: false,
    };
    l.seasons.push(s.seasonSlug);
    l.rows += s.rows;
    if (s.syncedAt < l.syncedAt) l.syncedAt = s.syncedAt;
    if (s.syncedAt > l.newestAt) l.newestAt = s.syncedAt;
    l.inProgress ||= s.inProgress;
    by.set(s.leagueSlug, l);
  }
  for (const l of by.values()) l.seasons.sort();
  return [...by.values()].sort((a, b) => a.name.localeCompare(b.name));
}
