import { z } from 'zod';
import {
  type CareerArcs,
  CareerArcsQuerySchema,
  type Comparables,
  ComparablesQuerySchema,
  type LeagueFactors,
  LeagueSlugSchema,
  PinFactorSchema,
  type PinnedFactor,
} from '../domain/nhle.ts';

/**
 * Arguments and results of the NHLe bridge operations (merged into shared/bridge/bridge.ts): league factors
 * computed from the offline store, the scout's pinned factors (kept with his lists), comparable players
 * and career arcs. Nothing here talks to the service.
 */
export const NHLE_ARGS = {
  /** Every league's factor into the NHL: `minGP`, `seasonFrom`, `seasonTo` (as strings; defaults: 20, every season). */
  leagueFactors: z.object({ query: z.record(z.string(), z.string().max(100)).default({}) }).strict(),
  /** Pins the scout's own factor for a league (replacing his earlier pin of it). */
  leagueFactorPin: PinFactorSchema,
  /** Removes the scout's pin of a league. */
  leagueFactorUnpin: z.object({ league: LeagueSlugSchema }).strict(),
  /** The comparables of a player-season. */
  offlineComparables: ComparablesQuerySchema,
  /** Career arcs of 2–6 players by draft age, and the median arc of a player-season's comparables. */
  offlineCareerArcs: CareerArcsQuerySchema,
} as const;

export interface NhleResults {
  leagueFactors: LeagueFactors;
  leagueFactorPin: PinnedFactor;
  leagueFactorUnpin: null;
  offlineComparables: Comparables;
  offlineCareerArcs: CareerArcs;
}
