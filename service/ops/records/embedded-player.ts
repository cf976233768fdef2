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
 * The embedded form of a built Player record: a new object without the omitted fields, with `extra`
 * fields set (e.g. `staff`, `team`). The shared loader record is never mutated.
 */
export function embeddedPlayer(player: Rec | null, extra: Rec = {}): Rec | null {
  if (player === null) return null;
  const out: Rec = {};
  for (const [k, v] of Object.entries(player)) if (!EMBEDDED_PLAYER_OMITS.has(k)) out[k] = v;
  return Object.assign(out, extra);
}
