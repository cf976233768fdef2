import { useQuery } from '@tanstack/react-query';
import type { CoverageRow } from '../../../shared/department/desk.ts';
import { AREA_LABELS, type GradeArea, PROJECTIONS } from '../../../shared/domain/report-areas.ts';
import { call } from '../../bridge/client.ts';
import { formatFixed, formatGrade, formatInt } from '../../format/index.ts';

/*
 * The department's coverage as text, the same in the Coverage table, its export and the player page's
 * section; and the coverage of one player (his page), read with the coverage query itself.
 */

const NONE = '—';

/**
 * A grade area's mean (to a tenth) and its lowest–highest grade as the scouts gave them, as the player page
 * writes a range: `7.8 (6–9.5)`; the mean alone when every grade was the same.
 */
export function areaText(r: CoverageRow, area: GradeArea): string {
  const a = r.areas[area];
  if (!a) return NONE;
  const mean = formatFixed(a.mean, 1);
  return a.min === a.max ? mean : `${mean} (${formatGrade(a.min)}–${formatGrade(a.max)})`;
}

/** The projections' counts, most given first: `Top-six F 2 · Middle-six F 1`. */
export function projectionsText(r: CoverageRow): string {
  const parts = Object.entries(r.projections)
    .filter(([, n]) => (n ?? 0) > 0)
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
    .map(([p, n]) => `${PROJECTIONS[p as keyof typeof PROJECTIONS]} ${formatInt(n ?? 0)}`);
  return parts.length > 0 ? parts.join(' · ') : NONE;
}

/** The areas the scouts disagree on, by their labels: `Skating, Compete`, or `—`. */
export const disagreeText = (r: CoverageRow): string =>
  r.disagreeAreas.length > 0 ? r.disagreeAreas.map((a) => AREA_LABELS[a]).join(', ') : NONE;

/** The most common projection's name, or `—`. */
export const topProjectionText = (r: CoverageRow): string => (r.topProjection ? PROJECTIONS[r.topProjection] : NONE);

/**
 * One player's coverage by the department (his final reports summed up as the Coverage view does, matched
 * as his page matches the department's reports): the row, or none when nobody reported on him; and the
 * department's threshold. The key starts with `department`, so a sync that brought rows reads it again.
 */
export function usePlayerCoverage(player: { id: number; name: string; dateOfBirth: string | null }, enabled: boolean) {
  return useQuery({
    queryKey: ['department', 'coverage', 'player', player.id, player.name, player.dateOfBirth],
    queryFn: () =>
      call('departmentCoverage', {
        player: { playerId: player.id, name: player.name, dateOfBirth: player.dateOfBirth },
      }),
    select: (c) => ({ row: c.rows[0] ?? null, threshold: c.threshold }),
    enabled,
  });
}
