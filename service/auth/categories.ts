/**
 * Data categories of a subscription: the spec's resource groups (tags, spec "What the service does")
 * in kebab-case. Each operation belongs to the group the spec lists it under.
 */
export const CATEGORIES = [
  'agency',
  'arena',
  'award',
  'country',
  'draft',
  'game',
  'game-log',
  'game-log-aggregate',
  'league',
  'nhl-rights',
  'player',
  'player-stats',
  'player-style',
  'ranking',
  'retired-number',
  'search',
  'staff',
  'staff-stats',
  'star-and-cult-player',
  'team',
  'team-stats',
  'transfer',
] as const;
export type Category = (typeof CATEGORIES)[number];
