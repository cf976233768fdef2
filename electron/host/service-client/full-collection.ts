import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection of the host's heap soon after a large service answer (a page of several MB)
 * has left the host. Such an answer leaves its body, its records' text and the objects of their checks
 * behind at once; V8 would collect them when it next decides to, by which time the next large answer has
 * added its own, so several pages' garbage meet and the resident memory peaks with them. Collected between
 * answers, the host's peak stays near one page's worth whatever the timing. A collection of the host's
 * heap takes milliseconds, against the hundreds a page of that size takes to arrive and leave.
 */

/** Answers at least this large (bytes) are followed by a collection. */
export const LARGE_ANSWER_BYTES = 4 * 1024 * 1024;

let collect: (() => void) | null | undefined;

/** V8's `gc` for this process, made reachable once (`--expose-gc` applies to contexts created after it); null where refused. */
function collector(): (() => void) | null {
  if (collect !== undefined) return collect;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    collect = typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    collect = null;
  }
  return collect;
}

let scheduled = false;

/** Schedules one full collection after an answer of `bytes` has been delivered; smaller answers do nothing. */
export function collectAfterLargeAnswer(bytes: number): void {
  if (bytes < LARGE_ANSWER_BYTES || scheduled) return;
  const gc = collector();
  if (gc === null) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    gc();
  });
}
