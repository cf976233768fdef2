import { playerKey } from '../../../shared/domain/board-order.ts';
import type { BoardEntry } from '../../../shared/domain/boards.ts';
import { formatInt } from '../../format/index.ts';

/**
 * A board as one vertical list the editor drags in: each tier's header followed by its players, then the
 * "No interest" header and those players. A player's tier is the header above him, so a drag or a
 * keyboard move across a header moves him into the next tier, and one list serves every move (dnd-kit's
 * sortable list, its keyboard sensor, and the Move up / Move down buttons). Pure, so the moves are tested
 * without a page.
 */

export type BoardItem =
  | { kind: 'tier'; id: string; tier: number }
  | { kind: 'none'; id: string }
  | { kind: 'player'; id: string; entry: BoardEntry };

/** The id of a tier's header, and of the no-interest header. */
export const tierId = (i: number) => `tier:${i}`;
export const NONE_ID = 'tier:none';

/** The board's items in order: tiers top to bottom with their players, then the no-interest group. */
export function flatten(entries: readonly BoardEntry[], tiers: readonly string[]): BoardItem[] {
  const items: BoardItem[] = [];
  tiers.forEach((_, t) => {
    items.push({ kind: 'tier', id: tierId(t), tier: t });
    for (const e of entries)
      if (!e.noInterest && e.tier === t) items.push({ kind: 'player', id: playerKey(e), entry: e });
  });
  items.push({ kind: 'none', id: NONE_ID });
  for (const e of entries) if (e.noInterest) items.push({ kind: 'player', id: playerKey(e), entry: e });
  return items;
}

/** The entries of a list of items, each given the tier (or no interest) of the header above him. */
export function unflatten(items: readonly BoardItem[]): BoardEntry[] {
  let tier = 0;
  let none = false;
  const out: BoardEntry[] = [];
  for (const it of items) {
    if (it.kind === 'tier') {
      tier = it.tier;
      none = false;
    } else if (it.kind === 'none') none = true;
    else out.push({ ...it.entry, tier: none ? it.entry.tier : tier, noInterest: none });
  }
  return out;
}

/** The items with the one at `from` moved to `to` (indices); a player never lands above the first tier. */
export function moveItem(items: readonly BoardItem[], from: number, to: number): BoardItem[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return [...items];
  next.splice(Math.max(to, moved.kind === 'player' ? 1 : 0), 0, moved);
  return next;
}

/**
 * The board with player `key` moved one place up (-1) or down (+1). Past a tier's header he joins the
 * tier above (at its bottom) or below (at its top); he never moves above the first tier or below the end.
 */
export function moveBy(
  entries: readonly BoardEntry[],
  tiers: readonly string[],
  key: string,
  delta: -1 | 1,
): BoardEntry[] {
  const items = flatten(entries, tiers);
  const at = items.findIndex((i) => i.id === key);
  const to = at + delta;
  if (at < 0 || to < 1 || to >= items.length) return [...entries];
  return unflatten(moveItem(items, at, to));
}

/** The board with player `key` moved to the bottom of tier `tier`, or of the no-interest group (`'none'`). */
export function moveToTier(entries: readonly BoardEntry[], key: string, tier: number | 'none'): BoardEntry[] {
  const e = entries.find((x) => playerKey(x) === key);
  if (e === undefined) return [...entries];
  const rest = entries.filter((x) => x !== e);
  const moved: BoardEntry = tier === 'none' ? { ...e, noInterest: true } : { ...e, tier, noInterest: false };
  const group = (x: BoardEntry) => (x.noInterest ? Number.POSITIVE_INFINITY : x.tier);
  const target = group(moved);
  const at = rest.findIndex((x) => group(x) > target);
  return at < 0 ? [...rest, moved] : [...rest.slice(0, at), moved, ...rest.slice(at)];
}

/** The `draftBoardSave` entries of an order. */
export const saveEntries = (entries: readonly BoardEntry[]) =>
  entries.map((e) => ({ source: e.source, playerId: e.playerId, tier: e.tier, noInterest: e.noInterest }));

const same = (a: string, b: string) => a.toLocaleLowerCase('en') === b.toLocaleLowerCase('en');

/** The tiers with tier `t` renamed `name`, or null when another tier has that name already (any case). */
export function renamedTiers(tiers: readonly string[], t: number, name: string): string[] | null {
  if (tiers.some((x, i) => i !== t && same(x, name))) return null;
  return tiers.map((x, i) => (i === t ? name : x));
}

/** The board without empty tier `t`: the players of the tiers below move up one index. */
export function withoutTier(
  entries: readonly BoardEntry[],
  tiers: readonly string[],
  t: number,
): [BoardEntry[], string[]] {
  return [entries.map((e) => (e.tier > t ? { ...e, tier: e.tier - 1 } : e)), tiers.filter((_, i) => i !== t)];
}

/** A name for a new tier below the others: the next letter (`D` after A, B, C), never one in use. */
export function newTierName(tiers: readonly string[]): string {
  let name = String.fromCharCode(65 + tiers.length);
  while (tiers.some((x) => same(x, name))) name += '′';
  return name;
}

/** The open board's counts, as every count is written (thousands separators): `1,204 ranked · 3 no interest`. */
export function boardCountsText(entries: readonly Pick<BoardEntry, 'noInterest'>[]): string {
  const ranked = entries.filter((e) => !e.noInterest).length;
  return `${formatInt(ranked)} ranked · ${formatInt(entries.length - ranked)} no interest`;
}

/** A board's size beside its name, the same in the boards' index and the merge's picks: `(1,204)`. */
export const boardSizeText = (players: number): string => `(${formatInt(players)})`;
