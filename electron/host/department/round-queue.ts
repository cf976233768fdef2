/**
 * Sync rounds one at a time: a round asked for while one runs is queued after it, and every request made
 * meanwhile shares that queued round, which starts after them all and so sees every change made before
 * them. A round never rejects here (the driver words its failures itself).
 */
export interface RoundQueue {
  /** The round that will start next (queued now if none is): resolves when it has ended. */
  request(): Promise<void>;
  /** Resolves when no round runs or waits. */
  idle(): Promise<void>;
}

export function createRoundQueue(round: () => Promise<void>): RoundQueue {
  let chain: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  return {
    request() {
      if (queued !== null) return queued;
      const next = chain.then(() => {
        // From here on, a request is for the round after this one.
        queued = null;
        return round();
      });
      queued = next;
      chain = next.catch(() => undefined);
      return next;
    },
    idle: () => chain,
  };
}
