import type { CoverageRow, CoverageSort } from '../../../shared/department/desk.ts';
import { AREA_LABELS, GOALIE_AREAS, type GradeArea, SKATER_AREAS } from '../../../shared/domain/report-areas.ts';
import { areaText, disagreeText, topProjectionText } from '../../entities/department/coverage.ts';
import { formatDay, formatInt } from '../../format/index.ts';

/** One column of the coverage table: its header, the sort it asks the store for, and its text. */
export interface CoverageColumn {
  id: string;
  label: string;
  /** What the header's tooltip and the export's header say in full. */
  title: string;
  sort: CoverageSort;
  numeric: boolean;
  /** The cell as text (the table's and the export's). */
  text: (r: CoverageRow) => string;
}

const NONE = '—';

const BEFORE: CoverageColumn[] = [
  { id: 'name', label: 'Player', title: 'Player', sort: 'name', numeric: false, text: (r) => r.player.name },
  { id: 'league', label: 'League', title: 'League', sort: 'league', numeric: false, text: (r) => r.league ?? NONE },
  {
    id: 'draftYear',
    // As the filter names it: a bare "Draft" over 2014 reads as the year he was drafted in.
    label: 'Draft year',
    title: 'Draft-eligible year',
    sort: 'draftYear',
    numeric: true,
    text: (r) => (r.draftYear === null ? NONE : String(r.draftYear)),
  },
  {
    id: 'tier',
    label: 'Tier',
    title: 'Tier on the department board',
    sort: 'tier',
    numeric: false,
    text: (r) => r.tier ?? NONE,
  },
  {
    id: 'reports',
    label: 'Reports',
    title: 'Final reports',
    sort: 'reports',
    numeric: true,
    text: (r) => formatInt(r.reports),
  },
  {
    id: 'scouts',
    label: 'Scouts',
    title: 'Scouts who wrote them',
    sort: 'scouts',
    numeric: true,
    text: (r) => formatInt(r.scouts),
  },
  {
    id: 'firstSeen',
    label: 'First seen',
    title: 'First viewing',
    sort: 'firstSeen',
    numeric: true,
    text: (r) => formatDay(r.firstSeen),
  },
  {
    id: 'lastSeen',
    label: 'Last seen',
    title: 'Last viewing',
    sort: 'lastSeen',
    numeric: true,
    text: (r) => formatDay(r.lastSeen),
  },
];

const AFTER: CoverageColumn[] = [
  {
    id: 'projection',
    label: 'Projection',
    title: 'Most common projection',
    sort: 'projection',
    numeric: false,
    text: topProjectionText,
  },
  {
    id: 'disagree',
    label: 'Disagree',
    title: 'Areas whose grades range over the threshold',
    sort: 'disagree',
    numeric: false,
    text: disagreeText,
  },
];

/** Every grade area in the order a report form shows them (skaters', then the goalies' own). */
const AREAS: readonly GradeArea[] = [...new Set<GradeArea>([...SKATER_AREAS, ...GOALIE_AREAS])];

/** The table's columns for a page: the fixed ones, and a mean per grade area some row of the page has. */
export function coverageColumns(rows: readonly CoverageRow[]): CoverageColumn[] {
  const areas = AREAS.filter((a) => rows.some((r) => r.areas[a]));
  const means = areas.map(
    (a): CoverageColumn => ({
      id: `mean:${a}`,
      label: AREA_LABELS[a],
      title: `${AREA_LABELS[a]}: mean grade (lowest–highest)`,
      sort: `mean:${a}`,
      numeric: true,
      text: (r) => areaText(r, a),
    }),
  );
  return [...BEFORE, ...means, ...AFTER];
}
