import { describe, expect, it } from 'vitest';
import { boardAnnouncements, placeWords } from '../../../renderer/views/boards/boardAnnouncements.ts';
import { flatten } from '../../../renderer/views/boards/boardModel.ts';
import type { BoardEntry } from '../../../shared/domain/boards.ts';

/** A board entry of the embedded service's data, in tier `tier` (or no interest). */
const entry = (playerId: number, name: string, tier: number, noInterest = false): BoardEntry =>
  ({ source: 'embedded', playerId, name, tier, noInterest, position: 'C', dateOfBirth: null }) as BoardEntry;

const TIERS = ['A', 'B'];
const ENTRIES = [entry(1, 'Ann Ace', 0), entry(2, 'Bo Best', 0), entry(3, 'Cy Crest', 1), entry(4, 'Di Dunn', 1, true)];
const key = (id: number) => `embedded\u0000${id}`;

describe("the draft board's screen-reader announcements", () => {
  const items = flatten(ENTRIES, TIERS);
  const a = boardAnnouncements(items, TIERS);
  const active = (id: number) => ({ id: key(id) }) as never;

  it('place a player by rank and tier, or in No interest', () => {
    expect(placeWords(ENTRIES, TIERS, key(3))).toBe('rank 3, in tier B');
    expect(placeWords(ENTRIES, TIERS, key(4))).toBe('in No interest (not ranked)');
  });

  it('say a pick-up, each place he would take, the drop and a cancel with his name, never an id', () => {
    expect(a.onDragStart({ active: active(3) })).toBe('Picked up Cy Crest, rank 3, in tier B.');
    // Over his own place at once after the pick-up: nothing new to say.
    expect(a.onDragOver({ active: active(3), over: active(3) })).toBeUndefined();
    // Over Bo Best, the last of tier A: he would take Bo's place, in tier A.
    expect(a.onDragOver({ active: active(3), over: active(2) })).toBe('Cy Crest would be rank 2, in tier A.');
    expect(a.onDragOver({ active: active(3), over: active(3) })).toBe('Cy Crest would be rank 3, in tier B.');
    expect(a.onDragEnd({ active: active(3), over: active(1) })).toBe('Cy Crest dropped: now rank 1, in tier A.');
    expect(a.onDragEnd({ active: active(3), over: null })).toBe('Cy Crest dropped where he was: rank 3, in tier B.');
    expect(a.onDragCancel({ active: active(1), over: null })).toBe('Move cancelled: Ann Ace stays rank 1, in tier A.');
    for (const said of [a.onDragStart({ active: active(1) }), a.onDragOver({ active: active(1), over: active(4) })]) {
      expect(said).not.toContain('embedded');
      expect(said).not.toContain('\u0000');
    }
  });
});
