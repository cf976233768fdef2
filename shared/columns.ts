/**
 * The column catalog (DESIGN.md, "Server-driven tables"), one import for its modules: the shapes
 * (columns/types.ts), formatters (columns/format.ts), the catalog of each resource (teams, goaltending,
 * standings), the resources and `fields` (columns/catalog.ts) and the rules that hide empty columns
 * (columns/visibility.ts).
 */
export * from './columns/agencies.ts';
export * from './columns/build.ts';
export * from './columns/catalog.ts';
export * from './columns/cells.ts';
export * from './columns/format.ts';
export * from './columns/game-result.ts';
export * from './columns/goaltending.ts';
export * from './columns/headers.ts';
export * from './columns/leaders.ts';
export * from './columns/leagues.ts';
export * from './columns/lists.ts';
export * from './columns/org-catalog.ts';
export * from './columns/organisation.ts';
export * from './columns/people.ts';
export * from './columns/players.ts';
export * from './columns/precision.ts';
export * from './columns/skaters.ts';
export * from './columns/standings.ts';
export * from './columns/team-history.ts';
export * from './columns/teams.ts';
export * from './columns/types.ts';
export * from './columns/visibility.ts';
