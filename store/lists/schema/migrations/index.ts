import type { Migration } from '../../../common/migration.ts';
import { migration as lists } from './01-lists.ts';
import { migration as leagueFactors } from './02-league-factors.ts';
import { migration as reportsBoards } from './03-reports-boards.ts';
import { migration as department } from './04-department.ts';
import { migration as directorDesk } from './05-director-desk.ts';
import { migration as heldChanges } from './06-held-changes.ts';

/** Every migration of the lists file, in order: the one at index i takes a file to version i + 1. */
export const LISTS_MIGRATIONS: readonly Migration[] = [
  lists,
  leagueFactors,
  reportsBoards,
  department,
  directorDesk,
  heldChanges,
];

/** The lists file's schema version this code writes. */
export const LISTS_SCHEMA_VERSION = LISTS_MIGRATIONS.length;
