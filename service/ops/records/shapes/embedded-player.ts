import { isImmutable, markImmutable } from '../json/json-text.ts';

type Rec = Record<string, unknown>;

/**
 * Fields the Player embedded in game-log, player-stats and where-are-they-now records does not carry
 * (spec, "Player": "the same fields except gender, status, playerType, position, shoots, catches,
 * gameStatus, photo").
 */
export const EMBEDDED_PLAYER_OMITS: ReadonlySet<string> = new Set([
  'gender',
  'status',
  'playerType',
  'position',
  'shoots',
  'catches',
  'gameStatus',
  'photo',
]);

/**
 * The embedded form of a built Player record: a new object without the omitted fields (with them all
 * when `whole`: a caller that asked for every subfield), with `extra` fields set (e.g. `staff`, `team`).
 * The shared loader record is never mutated.
 */
export function embeddedPlayer(player: Rec | null, extra: Rec = {}, whole = false): Rec | null {
  if (player === null) return null;
  const out: Rec = {};
  for (const [k, v] of Object.entries(player)) if (whole || !EMBEDDED_PLAYER_OMITS.has(k)) out[k] = v;
  return Object.assign(out, extra);
}

/** Embedded forms of kept players: player record → variant key → embedded record (dies with the player). */
const kept = new WeakMap<Rec, Map<string, Rec>>();

/**
 * {@link embeddedPlayer} of a player record kept per connection (records/caches/loader.ts), itself kept and
 * registered as immutable so its JSON bytes are reused (records/json/json-text.ts). `variant` names what
 * `extra` holds (e.g. `team:12`), so equal variants give the same record; `extra` is only called
 * when the variant is built. A player that is not kept gets a fresh embedded record. `whole` keeps the
 * fields the embedded form omits (its own variant).
 */
export function keptEmbeddedPlayer(
  player: Rec | null,
  variant: string,
  extra: () => Rec = () => ({}),
  whole = false,
): Rec | null {
  if (player === null) return null;
  if (!isImmutable(player)) return embeddedPlayer(player, extra(), whole);
  if (whole) variant = `whole|${variant}`;
  let variants = kept.get(player);
  if (!variants) {
    variants = new Map();
    kept.set(player, variants);
  }
  let rec = variants.get(variant);
  if (!rec) {
    rec = embeddedPlayer(player, extra(), whole) as Rec;
    markImmutable(rec);
    variants.set(variant, rec);
  }
  return rec;
}
