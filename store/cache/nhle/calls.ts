import {
  type CareerArcs,
  CareerArcsQuerySchema,
  COMPARABLES_K,
  ComparablesQuerySchema,
  FactorQuerySchema,
  type LeagueFactors,
  type PinnedFactor,
} from '../../../shared/domain/nhle.ts';
import type { Checked } from '../../../shared/query/list-engine.ts';
import type { ReadableDB } from '../../common/db.ts';
import type { NhleCalls } from '../api.ts';
import { careerArcs, medianArc } from './arcs.ts';
import type { FactorCache } from './cache.ts';
import { findComparables, LinesByAge, newestSeason, subjectLine } from './comparables.ts';

/** A refused query's issue: the parameter it names and why. */
function issueOf(error: { issues: { path: PropertyKey[]; message: string; code: string; keys?: string[] }[] }) {
  const i = error.issues[0];
  const parameter =
    i?.code === 'unrecognized_keys' ? (i.keys?.[0] ?? 'query') : i?.path.map(String).join('.') || 'query';
  return { parameter, message: `Invalid ${parameter}: ${i?.message ?? 'malformed'}` };
}

/** The NHLe calls of the store (api.ts, NhleCalls). */
export function createNhleCalls(db: ReadableDB, cache: FactorCache): NhleCalls {
  const byAge = new LinesByAge(db, cache.generation);
  return {
    leagueFactors(raw, pins: readonly PinnedFactor[]): Checked<LeagueFactors> {
      const q = FactorQuerySchema.safeParse(raw);
      if (!q.success) return { ok: false, issue: issueOf(q.error) };
      return { ok: true, value: cache.factors(q.data, pins) };
    },
    comparables(raw, pins) {
      const q = ComparablesQuerySchema.safeParse(raw);
      if (!q.success) return { ok: false, issue: issueOf(q.error) };
      const factors = cache.applied(pins);
      const subject = subjectLine(db, q.data.playerId, q.data.league, q.data.season);
      if (!subject.ok) return subject;
      const found = findComparables(db, byAge, subject.value, factors, q.data.k, q.data.size);
      return { ok: true, value: { ...found, newestSeason: newestSeason(db)?.slug ?? null } };
    },
    careerArcs(raw, pins) {
      const q = CareerArcsQuerySchema.safeParse(raw);
      if (!q.success) return { ok: false, issue: issueOf(q.error) };
      const factors = cache.applied(pins);
      const players = careerArcs(db, q.data.playerIds);
      let median: CareerArcs['median'] = null;
      const of = q.data.comparablesOf;
      if (of !== undefined) {
        const subject = subjectLine(db, of.playerId, of.league, of.season);
        if (!subject.ok) return subject;
        const found = findComparables(db, byAge, subject.value, factors, COMPARABLES_K, false);
        const arcs = careerArcs(
          db,
          found.rows.map((r) => r.playerId),
        );
        median = { of: subject.value, count: arcs.length, points: medianArc(arcs) };
      }
      return { ok: true, value: { players, median } };
    },
  };
}
