import type { ListDefinition } from './definition.ts';
import { LEADERS_LIST } from './leaders.ts';
import { PLAYERS_LIST } from './players.ts';
import { TEAMS_LIST } from './teams.ts';

/** Every list declared in shared/query/lists/: the list-query engine's tests run against each. */
export const LIST_DEFINITIONS: readonly ListDefinition[] = [PLAYERS_LIST, LEADERS_LIST, TEAMS_LIST];

export { LEADERS_LIST, PLAYERS_LIST, TEAMS_LIST };
