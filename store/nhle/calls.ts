import type { Checked } from '../../shared/list-engine.ts';
import { FactorQuerySchema, type LeagueFactors, type PinnedFactor } from '../../shared/nhle.ts';
import type { NhleCalls } from '../api.ts';
import type { Db } from '../db.ts';
import type { FactorCache } from './cache.ts';

/** A refused query's issue: the parameter it names and why. */
function issueOf(error: { issues: { path: PropertyKey[]; message: string; code: string; keys?: string[] }[] }) {
  const i = error.issues[0];
  const parameter =
    i?.code === 'unrecognized_keys' ? (i.keys?.[0] ?? 'query') : i?.path.map(String).join('.') || 'query';
  return { parameter, message: `Invalid ${parameter}: ${i?.message ?? 'malformed'}` };
}

/** The NHLe calls of the store (api.ts, NhleCalls). */
export function createNhleCalls(_db: Db, cache: FactorCache): NhleCalls {
  return {
    leagueFactors(raw, pins: readonly PinnedFactor[]): Checked<LeagueFactors> {
      const q = FactorQuerySchema.safeParse(raw);
      if (!q.success) return { ok: false, issue: issueOf(q.error) };
      return { ok: true, value: cache.factors(q.data, pins) };
    },
  };
}
