import { afterEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_AFTER_MS, prefetchViews } from '../../../renderer/app/prefetchViews.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** A loader that records its call and answers at once (or fails, when `fail`). */
function loader(name: string, calls: string[], fail = false) {
  return () => {
    calls.push(name);
    return fail ? Promise.reject(new Error(`${name} cannot load`)) : Promise.resolve({ name });
  };
}

describe('loading the views in the background after launch', () => {
  it('starts only after the launch delay, then loads every view once, one after another, past a failure', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    prefetchViews([loader('Players', calls), loader('Lists', calls, true), loader('Reports', calls)]);
    await vi.advanceTimersByTimeAsync(PREFETCH_AFTER_MS - 1);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1 + 50);
    expect(calls).toEqual(['Players']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toEqual(['Players', 'Lists', 'Reports']);
  });

  it('says when every view has settled, once, after the last one', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const done = vi.fn(() => calls.push('done'));
    prefetchViews([loader('Players', calls), loader('Lists', calls, true)], PREFETCH_AFTER_MS, done);
    await vi.advanceTimersByTimeAsync(PREFETCH_AFTER_MS + 10_000);
    expect(calls).toEqual(['Players', 'Lists', 'done']);
    expect(done).toHaveBeenCalledTimes(1);

    const stopped = vi.fn();
    prefetchViews([loader('Players', [])], PREFETCH_AFTER_MS, stopped)();
    await vi.advanceTimersByTimeAsync(PREFETCH_AFTER_MS + 10_000);
    expect(stopped).not.toHaveBeenCalled();
  });

  it('stops before the views not yet begun when it is stopped', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const stop = prefetchViews([loader('Players', calls), loader('Lists', calls)]);
    await vi.advanceTimersByTimeAsync(PREFETCH_AFTER_MS + 50);
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toEqual(['Players']);

    const none: string[] = [];
    prefetchViews([loader('Players', none)])();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(none).toEqual([]);
  });
});
