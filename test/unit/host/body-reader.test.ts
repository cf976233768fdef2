import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDeadline, type Deadline, readCapped } from '../../../electron/host/service-client/body-reader.ts';
import { createByteBudget } from '../../../electron/host/service-client/byte-budget.ts';

// An attempt's clock runs only while the service is slow, never while the body waits for the host's own
// byte budget. Both halves are shown without a wall clock: the deadline under fake timers, and the read
// against a recording deadline while another answer holds the whole budget.

describe('an attempt deadline', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs out after its time, not counting the time it was paused', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const d = createDeadline(100);
    vi.advanceTimersByTime(60);
    d.pause();
    vi.advanceTimersByTime(10_000);
    expect(d.signal.aborted).toBe(false);
    d.resume();
    vi.advanceTimersByTime(39);
    expect(d.signal.aborted).toBe(false);
    vi.advanceTimersByTime(2);
    expect(d.signal.aborted).toBe(true);
    expect((d.signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('once cleared, never runs out', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const d = createDeadline(100);
    d.clear();
    vi.advanceTimersByTime(1000);
    d.resume();
    expect(d.signal.aborted).toBe(false);
  });
});

/** A deadline that never runs out and records when it is paused and resumed. */
function recordingDeadline(): Deadline & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    signal: new AbortController().signal,
    pause: () => calls.push('pause'),
    resume: () => calls.push('resume'),
    clear: () => calls.push('clear'),
  };
}

/** A body of `size` bytes sent in chunks of `chunk` bytes, with or without its Content-Length. */
function response(size: number, chunk: number, declared: boolean): { res: Response; bytes: Buffer } {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = 97 + (i % 26);
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= size) return controller.close();
      controller.enqueue(bytes.subarray(at, at + chunk));
      at += chunk;
    },
  });
  const headers: Record<string, string> = declared ? { 'content-length': String(size) } : {};
  return { res: new Response(body, { headers }), bytes };
}

/** Lets every settled promise run its callbacks. */
const settle = () => new Promise((r) => setImmediate(r));

describe('a body read waiting for the byte budget', () => {
  it.each([
    ['a declared length', true],
    ['no declared length (chunk by chunk)', false],
  ])('with %s: the deadline is paused while the read waits, resumed once it may go on', async (_what, declared) => {
    const budget = createByteBudget(1000);
    const older = budget.open();
    await older.take(1000);
    const { res, bytes } = response(600, 200, declared);
    const deadline = recordingDeadline();
    let done = false;
    const read = readCapped(res, 10_000, budget.open(), deadline).then((b) => {
      done = true;
      return b;
    });
    await settle();
    // The budget is full: the read waits, its clock paused.
    expect(done).toBe(false);
    expect(deadline.calls).toEqual(['pause']);
    older.close();
    const body = await read;
    expect(body?.equals(bytes)).toBe(true);
    // Resumed after each wait; never left paused.
    expect(deadline.calls[0]).toBe('pause');
    expect(deadline.calls.filter((c) => c === 'pause').length).toBe(
      deadline.calls.filter((c) => c === 'resume').length,
    );
    expect(deadline.calls.at(-1)).toBe('resume');
  });

  it('a read that does not wait never pauses the clock', async () => {
    const budget = createByteBudget(1000);
    const { res, bytes } = response(600, 200, true);
    const deadline = recordingDeadline();
    const body = await readCapped(res, 10_000, budget.open(), deadline);
    expect(body?.equals(bytes)).toBe(true);
    expect(deadline.calls).toEqual([]);
  });
});
