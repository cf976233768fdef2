import type { Migration } from '../../../common/migration.ts';

/**
 * Changes held for another login of the department (store/lists/department/configure.ts): when the laptop
 * is set up for another scout of the same department, the changes still waiting (or refused) were written
 * under the scout before; the server would refuse them from the new login, and they must not be lost. They
 * stay in the outbox with `heldFor` naming that login; the push skips them, and they go again when the
 * laptop is set up for him once more. His conflicts not settled with the server are held the same way.
 * Null: the change (or conflict) is the current login's.
 */
export const migration: Migration = {
  version: 6,
  name: 'held changes',
  sql: `ALTER TABLE department_outbox ADD COLUMN heldFor TEXT;
ALTER TABLE department_conflicts ADD COLUMN heldFor TEXT;`,
};
