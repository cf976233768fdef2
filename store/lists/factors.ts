import { parseListInput } from '../../shared/domain/lists.ts';
import { PinFactorSchema, type PinnedFactor } from '../../shared/domain/nhle.ts';
import type { WritableDB } from '../common/db.ts';

/**
 * The league factors the scout pinned (table `pinned_factors` of the lists file): his own factor for a
 * league, used by NHLe instead of the one computed from the store, marked as his wherever it shows. Input is
 * parsed again here (shared/domain/nhle.ts's schema); bad input throws `ListInputError` naming the field.
 */

interface PinRow {
  leagueSlug: string;
  factor: number;
  note: string;
  pinnedAt: string;
}

const toPin = (r: PinRow): PinnedFactor => ({
  league: r.leagueSlug,
  factor: r.factor,
  note: r.note,
  pinnedAt: r.pinnedAt,
});

/** Every pin, by league slug. */
export function pinnedFactors(db: WritableDB): PinnedFactor[] {
  return db
    .query<PinRow, []>('SELECT leagueSlug, factor, note, pinnedAt FROM pinned_factors ORDER BY leagueSlug')
    .all()
    .map(toPin);
}

/** Pins (or re-pins) a league's factor now; returns the pin. */
export function pinFactor(db: WritableDB, input: unknown): PinnedFactor {
  const pin = parseListInput(PinFactorSchema, input, '');
  return putPin(db, { league: pin.league, factor: pin.factor, note: pin.note, pinnedAt: new Date().toISOString() });
}

/** Writes a pin as it is (an import keeps its time). */
export function putPin(db: WritableDB, pin: PinnedFactor): PinnedFactor {
  db.query<never, [string, number, string, string]>(
    `INSERT INTO pinned_factors (leagueSlug, factor, note, pinnedAt) VALUES (?, ?, ?, ?)
     ON CONFLICT (leagueSlug) DO UPDATE SET factor = excluded.factor, note = excluded.note, pinnedAt = excluded.pinnedAt`,
  ).run(pin.league, pin.factor, pin.note, pin.pinnedAt);
  return pin;
}

/** Removes a league's pin (none: nothing happens). */
export function unpinFactor(db: WritableDB, league: unknown): void {
  const { league: slug } = parseListInput(PinFactorSchema.pick({ league: true }), { league }, '');
  db.query<never, [string]>('DELETE FROM pinned_factors WHERE leagueSlug = ?').run(slug);
}
