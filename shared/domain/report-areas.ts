/**
 * What a report grades and how a player's reports add up, with no dependency at all, so the page can
 * import it without bundling zod (shared/domain/reports.ts builds the reports' schemas on it and re-exports it).
 */

/** The six graded areas of a skater. */
export const SKATER_AREAS = ['skating', 'puckSkills', 'hockeySense', 'compete', 'physical', 'defensive'] as const;
/** The six graded areas of a goalie. */
export const GOALIE_AREAS = ['positioning', 'reboundControl', 'movement', 'compete', 'puckPlay', 'reads'] as const;
export type SkaterArea = (typeof SKATER_AREAS)[number];
export type GoalieArea = (typeof GOALIE_AREAS)[number];
export type GradeArea = SkaterArea | GoalieArea;

/** Every area's label as a scout reads it. */
export const AREA_LABELS: Readonly<Record<GradeArea, string>> = {
  skating: 'Skating',
  puckSkills: 'Puck skills',
  hockeySense: 'Hockey sense',
  compete: 'Compete',
  physical: 'Physical play',
  defensive: 'Defensive play',
  positioning: 'Positioning',
  reboundControl: 'Rebound control',
  movement: 'Movement',
  puckPlay: 'Puck play',
  reads: 'Reads',
};

/** Which set of areas a report grades. */
export type ReportKind = 'skater' | 'goalie';

/** The grades of a report: areas of its kind, 1 to 10 in half points, `null` for not seen. */
export type Grades = Partial<Record<GradeArea, number | null>>;

/** What a summary reads of a report (shared/domain/reports.ts `ScoutingReport` is one). */
export interface GradedReport {
  status: 'draft' | 'final';
  kind: ReportKind;
  grades: Grades;
}

/** The areas of a kind of report, in the order the form and the file show them. */
export const areasOf = (kind: ReportKind): readonly GradeArea[] => (kind === 'goalie' ? GOALIE_AREAS : SKATER_AREAS);

/** The projected roles a report can give, with their labels. */
export const PROJECTIONS = {
  'top-six-f': 'Top-six F',
  'middle-six-f': 'Middle-six F',
  'bottom-six-f': 'Bottom-six F',
  'top-four-d': 'Top-four D',
  'bottom-pair-d': 'Bottom-pair D',
  'starter-g': 'Starter G',
  'backup-g': 'Backup G',
  depth: 'Depth / AHL',
  'no-nhl': 'No NHL projection',
} as const;
export type Projection = keyof typeof PROJECTIONS;

/** The projections in their order, highest role first, for tie-breaks and columns. */
export const PROJECTION_ORDER = Object.keys(PROJECTIONS) as Projection[];

/** Sort keys of the reports list. */
export const REPORT_SORT_KEYS = ['gameDate', 'playerName', 'status', 'updatedAt', 'scout'] as const;

/** One area over a player's viewings: how many graded it, the mean, and the range. */
export interface AreaSummary {
  area: GradeArea;
  graded: number;
  mean: number | null;
  min: number | null;
  max: number | null;
}

/** A player's file in numbers: his final reports' grades, per area (drafts are not counted). */
export interface ReportsSummary {
  viewings: number;
  drafts: number;
  kind: ReportKind;
  areas: AreaSummary[];
  /** Fewer final viewings than the scout's threshold. */
  notSeenEnough: boolean;
}

/** Summarises `reports` of one player; `threshold` is the fewest viewings the scout trusts. */
export function summarizeReports(reports: readonly GradedReport[], threshold: number): ReportsSummary {
  const finals = reports.filter((r) => r.status === 'final');
  const goalies = finals.filter((r) => r.kind === 'goalie').length;
  const kind: ReportKind = goalies * 2 > finals.length ? 'goalie' : (reports[0]?.kind ?? 'skater');
  const areas = areasOf(kind).map((area): AreaSummary => {
    const gs = finals
      .filter((r) => r.kind === kind)
      .flatMap((r) => (typeof r.grades[area] === 'number' ? [r.grades[area] as number] : []));
    if (gs.length === 0) return { area, graded: 0, mean: null, min: null, max: null };
    return {
      area,
      graded: gs.length,
      mean: gs.reduce((a, b) => a + b, 0) / gs.length,
      min: Math.min(...gs),
      max: Math.max(...gs),
    };
  });
  return {
    viewings: finals.length,
    drafts: reports.length - finals.length,
    kind,
    areas,
    notSeenEnough: finals.length < threshold,
  };
}
