import { describe, expect, it } from 'vitest';
import { adaptiveLimiter, CEILING, SLOW_MS, START } from '../../../../electron/host/offline/sync/limiter.ts';

/**
 * The download's limiter on a clock the test moves (no timing of the machine is read): how many
 * requests run at once, how that bound grows while answers come faster and shrinks on a 429 or a
 * failure, and the pace a 429 sets.
 */

/** Lets queued promise callbacks run. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
};

/** `n` tasks on `limiter`, each held until the test releases it; how many run now and at most. */
function hold(limiter: ReturnType<typeof adaptiveLimiter>, n: number) {
  const gates: (() => void)[] = [];
  const state = { running: 0, most: 0 };
  const tasks = Array.from({ length: n }, () =>
    limiter.run(async () => {
      state.running++;
      state.most = Math.max(state.most, state.running);
      await new Promise<void>((r) => gates.push(r));
      state.running--;
    }),
  );
  return { gates, state, tasks };
}

describe('adaptive limiter', () => {
  it('starts at 16 requests at once and never passes its ceiling of 64', () => {
    expect(START).toBe(16);
    expect(CEILING).toBe(64);
    expect(adaptiveLimiter().bound()).toBe(16);
    expect(adaptiveLimiter({ start: 100 }).bound()).toBe(64);
  });

  it('runs at most its bound at once; grows by a quarter while answers come faster, and goes back when they do not', async () => {
    let t = 0;
    const limiter = adaptiveLimiter({ start: 4, ceiling: 10, now: () => t });
    const { gates, state } = hold(limiter, 40);
    await settle();
    expect(state.running).toBe(4);
    // A window is twice the bound in answers; the first sets the pace to beat (10 answers/s).
    const window = (answers: number, ms: number) => {
      for (let i = 0; i < answers; i++) {
        t += ms / answers;
        limiter.calm();
      }
    };
    window(8, 800);
    expect(limiter.bound()).toBe(5);
    // 20 answers/s: faster by more than a tenth, so one more step (5 × 1.25, rounded up).
    window(10, 500);
    expect(limiter.bound()).toBe(7);
    gates.splice(0, 3).forEach((g) => {
      g();
    });
    await settle();
    expect(state.running).toBe(7);
    // 14 answers/s: slower than 20; back to the bound that did better, and it holds.
    window(14, 1000);
    expect(limiter.bound()).toBe(5);
    window(10, 100);
    expect(limiter.bound()).toBe(5);
    for (const g of gates.splice(0)) g();
  });

  it('stops at its ceiling however fast answers come', async () => {
    let t = 0;
    const limiter = adaptiveLimiter({ start: 8, ceiling: 12, now: () => t });
    hold(limiter, 100);
    await settle();
    let perWindow = 1000;
    for (let w = 0; w < 8; w++) {
      perWindow /= 2;
      const n = 2 * limiter.bound();
      for (let i = 0; i < n; i++) {
        t += perWindow / n;
        limiter.calm();
      }
    }
    expect(limiter.bound()).toBe(12);
    expect(limiter.stats().peak).toBeLessThanOrEqual(12);
  });

  it('a 429 halves the bound and paces starts at half the rate of answers before it; a 429 sent before that changes nothing more', () => {
    let t = 0;
    const limiter = adaptiveLimiter({ start: 16, now: () => t });
    // 40 answers in 4 s: 10 a second.
    for (let i = 0; i < 40; i++) {
      t += 100;
      limiter.calm();
    }
    const sentBefore = t - 50;
    limiter.throttle(1000, t - 10);
    expect(limiter.bound()).toBe(8);
    expect(limiter.stats().pace).toBeCloseTo(5, 5);
    expect(limiter.stats().rateLimited).toBe(1);
    limiter.throttle(1000, sentBefore);
    expect(limiter.bound()).toBe(8);
    expect(limiter.stats().pace).toBeCloseTo(5, 5);
    expect(limiter.stats().rateLimited).toBe(2);
    // The pace rises 0.75 % a second: after 60 s it is still under the rate that brought the 429.
    t += 60_000;
    const later = limiter.stats().pace as number;
    expect(later).toBeCloseTo(5 * 1.0075 ** 60, 5);
    expect(later).toBeLessThan(10);
    // A 429 to a request sent after the slow-down halves again, from the answers since it.
    for (let i = 0; i < 30; i++) limiter.calm();
    limiter.throttle(1000, t);
    expect(limiter.bound()).toBe(4);
    expect(limiter.stats().pace).toBeCloseTo((0.5 * 30) / 60, 5);
    // Three 429s, two of which slowed it down: when they came.
    expect(limiter.stats().rateLimited).toBe(3);
    expect(limiter.stats().slowdowns).toEqual([4000, 64_000]);
  });

  it('answers slower than 4 s on average take a quarter off the bound and stop its growth', async () => {
    let t = 0;
    const limiter = adaptiveLimiter({ start: 16, now: () => t });
    hold(limiter, 40);
    await settle();
    expect(SLOW_MS).toBe(4000);
    for (let i = 0; i < 32; i++) {
      t += 100;
      limiter.calm(5000);
    }
    expect(limiter.bound()).toBe(12);
    // However fast they come after, slow ones keep it from growing back at once.
    for (let i = 0; i < 24; i++) {
      t += 1;
      limiter.calm(100);
    }
    expect(limiter.bound()).toBe(12);
  });

  it('a failure other than a 429 takes a quarter off the bound, never below one', () => {
    const limiter = adaptiveLimiter({ start: 16 });
    limiter.failed();
    expect(limiter.bound()).toBe(12);
    for (let i = 0; i < 20; i++) limiter.failed();
    expect(limiter.bound()).toBe(1);
  });

  it('the pace holds new requests back until their turn', async () => {
    let t = 0;
    const limiter = adaptiveLimiter({ start: 4, now: () => t });
    for (let i = 0; i < 10; i++) {
      t += 100;
      limiter.calm();
    }
    // 10 answers in 1 s, then a 429 with no wait: 5 starts a second, one per 200 ms of the clock.
    limiter.throttle(0, t);
    const started: number[] = [];
    const first = limiter.run(async (at) => {
      started.push(at);
    });
    await settle();
    await first;
    expect(started).toEqual([t]);
    const second = limiter.run(async (at) => {
      started.push(at);
    });
    await settle();
    expect(started).toHaveLength(1);
    t += 200;
    await second;
    expect(started).toHaveLength(2);
  });
});
