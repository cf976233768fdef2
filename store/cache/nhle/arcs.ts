import type { ArcPoint, CareerArc } from '../../../shared/domain/nhle.ts';
import type { ReadableDB } from '../../common/db.ts';
import { quantile } from './bootstrap.ts';

/**
 * Career arcs by draft age (shared/domain/nhle.ts): a player's skating lines of the regular season summed per
 * draft age over every league (GP, PTS, PTS/GP) with his NHLe PTS/GP (Σ PTS × factor over ΣGP of the lines
 * whose league has a factor); and the median arc of a cohort. Reads the factors NHLe uses (`nhle_factors`):
 * the caller makes them current first.
 */

interface ArcRow {
  draftAge: number;
  gp: number;
  pts: number;
  nhlePts: number | null;
  nhleGp: number | null;
}

/** Each player's arc (players the store does not hold are left out), in the order asked. */
export function careerArcs(db: ReadableDB, ids: readonly number[]): CareerArc[] {
  const points = db.query<ArcRow, [number]>(
    `SELECT ps.draftAge AS draftAge, SUM(ps.regularStats_GP) AS gp, SUM(COALESCE(ps.regularStats_PTS, 0)) AS pts,
       SUM(CASE WHEN nf.factor IS NOT NULL THEN COALESCE(ps.regularStats_PTS, 0) * nf.factor END) AS nhlePts,
       SUM(CASE WHEN nf.factor IS NOT NULL THEN ps.regularStats_GP END) AS nhleGp
     FROM player_seasons ps LEFT JOIN nhle_factors nf ON nf.leagueSlug = ps.leagueSlug
     WHERE ps.playerId = ? AND ps.goalieLine = 0 AND ps.draftAge IS NOT NULL AND ps.regularStats_GP > 0
     GROUP BY ps.draftAge ORDER BY ps.draftAge`,
  );
  const name = db.query<{ name: string }, [number]>('SELECT name FROM players WHERE id = ?');
  const out: CareerArc[] = [];
  for (const id of ids) {
    const who = name.get(id);
    if (who === undefined) continue;
    out.push({
      playerId: id,
      name: who.name,
      points: points.all(id).map((r) => ({
        draftAge: r.draftAge,
        GP: r.gp,
        PTS: r.pts,
        PTSperGP: r.gp > 0 ? r.pts / r.gp : null,
        nhlePTSperGP: r.nhleGp !== null && r.nhleGp > 0 ? (r.nhlePts ?? 0) / r.nhleGp : null,
      })),
    });
  }
  return out;
}

const median = (xs: number[]): number | null =>
  xs.length === 0
    ? null
    : quantile(
        xs.sort((a, b) => a - b),
        0.5,
      );

/** At each draft age, the median GP, PTS, PTS/GP and NHLe PTS/GP of the arcs with games then. */
export function medianArc(arcs: readonly CareerArc[]): ArcPoint[] {
  const ages = [...new Set(arcs.flatMap((a) => a.points.map((p) => p.draftAge)))].sort((a, b) => a - b);
  return ages.map((age) => {
    const at = arcs.flatMap((a) => a.points.filter((p) => p.draftAge === age));
    const of = (f: (p: ArcPoint) => number | null) => median(at.map(f).filter((v): v is number => v !== null));
    return {
      draftAge: age,
      GP: of((p) => p.GP) ?? 0,
      PTS: of((p) => p.PTS) ?? 0,
      PTSperGP: of((p) => p.PTSperGP),
      nhlePTSperGP: of((p) => p.nhlePTSperGP),
    };
  });
}
