/**
 * The record schemas of the service's responses (spec, "Resources and their fields"; standings per
 * real-service-notes), one per endpoint (shared/contract/endpoints.ts). The host validates every response with
 * them; the page's types are inferred from them.
 */
export * from './common.ts';
export * from './league.ts';
export * from './organisation.ts';
export * from './player.ts';
export * from './season.ts';
export * from './staff.ts';
export * from './stats.ts';
export * from './team.ts';
