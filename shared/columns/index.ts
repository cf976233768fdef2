/**
 * The column catalog (DESIGN.md, "Server-driven tables"), one import for its modules: the shapes
 * (columns/types.ts), formatters (columns/format.ts), the catalog of each resource (teams, goaltending,
 * standings), the resources and `fields` (columns/catalog.ts) and the rules that hide empty columns
 * (columns/visibility.ts).
 */
export * from './agencies.ts';
export * from './boards.ts';
export * from './build.ts';
export * from './catalog.ts';
export * from './cells.ts';
export * from './format.ts';
export * from './game-result.ts';
export * from './goaltending.ts';
export * from './headers.ts';
export * from './leaders.ts';
export * from './leagues.ts';
export * from './lists.ts';
export * from './org-catalog.ts';
export * from './organisation.ts';
export * from './people.ts';
export * from './players.ts';
export * from './precision.ts';
export * from './skaters.ts';
export * from './standings.ts';
export * from './team-history.ts';
export * from './teams.ts';
export * from './types.ts';
export * from './visibility.ts';
