import { laptopsFolder } from '../store/department/laptop.ts';
import type { TestDepartment } from './department.ts';
import { sync } from './sync-round.ts';

/**
 * Laptops of the director's desk tests, each with a lists file of its own set up for department `dep` as
 * login `user` (a director with `director`), its own connection as that login, and `sync()` (one round).
 */
export function deskLaptops(dep: TestDepartment, prefix: string) {
  const laptops = laptopsFolder(prefix);
  return async function laptopOf(user: string, scoutName: string, director = false) {
    const l = await laptops.fresh();
    const { host, port, database } = dep.cluster.info;
    await l.lists.departmentConfigure({ server: host, port, database, user, scoutName, director });
    const client = await dep.cluster.clientAs(user, dep.passwords[user] as string);
    return { ...l, client, sync: () => sync(l.lists, client) };
  };
}
