import type { ClientBase } from 'pg';

/**
 * The department's roster as a director's connection reads it (migration 008, `rinkside.department_scouts()`):
 * every login of the group `rinkside_scout`, and whether it is a director too, by login. Directors only:
 * the server refuses a scout's call (`permission denied for function department_scouts`).
 */
export async function departmentScouts(client: ClientBase): Promise<{ login: string; director: boolean }[]> {
  const { rows } = await client.query<{ login: string; director: boolean }>(
    'SELECT login, director FROM rinkside.department_scouts()',
  );
  return rows;
}
