import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of a process tree, read from Linux's /proc: user + system time of `pid` and every live
 * descendant, with the time of the children each has already waited for (a finished build counts once the
 * launcher has reaped it). Less sensitive than wall time to other work on a shared machine. NaN where
 * there is no /proc (not Linux).
 */

/** Clock ticks per second of /proc's times (`getconf CLK_TCK`; 100 on every Linux we run on). */
const TICKS_PER_SECOND = 100;

/** Milliseconds of CPU the tree under `pid` has used so far; NaN when /proc cannot be read. */
export function treeCpuMs(pid: number): number {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return Number.NaN;
  }
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // Fields after the command name (which may hold spaces): state, ppid, …; utime, stime, cutime and
    // cstime are fields 14–17 of the whole line, 11–14 of this rest.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(f[1]);
    const list = children.get(ppid) ?? [];
    list.push(Number(name));
    children.set(ppid, list);
    ticks.set(Number(name), Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]));
  }
  if (!ticks.has(pid)) return Number.NaN;
  let sum = 0;
  const stack = [pid];
  for (let p = stack.pop(); p !== undefined; p = stack.pop()) {
    sum += ticks.get(p) ?? 0;
    stack.push(...(children.get(p) ?? []));
  }
  return (sum * 1000) / TICKS_PER_SECOND;
}
