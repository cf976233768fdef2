/**
 * A budget of bytes of service answers the host holds at once, shared by every request of one service
 * client. Each answer opens a {@link Lease} when its headers arrive, takes bytes as its body streams in
 * (all at once when its length is declared) and closes once the answer has left the host (delivery.ts).
 * A take that does not fit waits, and the paused read holds the rest of the body back in the network
 * (TCP flow control), so the host never parses more answers at once than the budget allows. The oldest
 * open lease is always served at once: it cannot wait for leases younger than itself, so the budget never
 * deadlocks, and one answer larger than the whole budget still goes through (the client's own body cap
 * bounds it). Bytes held are therefore at most `limit` plus what the oldest lease holds beyond it.
 */

/** One answer's hold on the budget. */
export interface Lease {
  /** Resolves once `bytes` more are held by this lease (at once when they fit, or when this lease is the oldest open one). */
  take(bytes: number): Promise<void>;
  /** Whether a take of `bytes` would wait now (the caller pauses its own clock meanwhile). */
  wouldWait(bytes: number): boolean;
  /** Gives back every byte this lease holds and stops its waiting takes (they resolve); idempotent. */
  close(): void;
}

export interface ByteBudget {
  /** The bytes younger leases may hold together (bytes). */
  readonly limit: number;
  /** Opens a lease; leases are served in the order they were opened. */
  open(): Lease;
  /** Bytes held now. */
  held(): number;
  /** The most bytes held at once since the budget was made. */
  peak(): number;
}

/** The default budget: one of the service's largest pages (about 19 MB) at a time, with small answers beside it. */
export const DEFAULT_BYTES_IN_FLIGHT = 24 * 1024 * 1024;

interface LeaseState {
  held: number;
  closed: boolean;
}

interface Waiter {
  lease: LeaseState;
  bytes: number;
  resolve: () => void;
}

/** Makes a budget of `limit` bytes (a positive integer). */
export function createByteBudget(limit: number = DEFAULT_BYTES_IN_FLIGHT): ByteBudget {
  if (!(Number.isInteger(limit) && limit > 0)) throw new RangeError('the byte budget must be a positive integer');
  // Open leases in the order they were opened: the first is the oldest.
  const open: LeaseState[] = [];
  const waiting: Waiter[] = [];
  let held = 0;
  let peak = 0;

  const grant = (lease: LeaseState, bytes: number) => {
    lease.held += bytes;
    held += bytes;
    if (held > peak) peak = held;
  };
  const fits = (lease: LeaseState, bytes: number) => open[0] === lease || held + bytes <= limit;

  /** Whether a take is served now: nothing waits before it (or it is the oldest lease's) and it fits. */
  const now = (lease: LeaseState, bytes: number) => (waiting.length === 0 || open[0] === lease) && fits(lease, bytes);

  /** Serves the waiting takes: in order while they fit (a small take never passes a large one), and the oldest lease's at once. */
  const pump = () => {
    for (;;) {
      const head = waiting[0];
      if (head !== undefined && fits(head.lease, head.bytes)) {
        waiting.shift();
        grant(head.lease, head.bytes);
        head.resolve();
        continue;
      }
      const oldest = waiting.findIndex((w) => w.lease === open[0]);
      if (oldest < 0) return;
      const w = waiting.splice(oldest, 1)[0] as Waiter;
      grant(w.lease, w.bytes);
      w.resolve();
    }
  };

  return {
    limit,
    open() {
      const state: LeaseState = { held: 0, closed: false };
      open.push(state);
      return {
        take(bytes) {
          if (state.closed || bytes <= 0) return Promise.resolve();
          if (now(state, bytes)) {
            grant(state, bytes);
            return Promise.resolve();
          }
          return new Promise<void>((resolve) => {
            waiting.push({ lease: state, bytes, resolve });
          });
        },
        wouldWait(bytes) {
          return !state.closed && bytes > 0 && !now(state, bytes);
        },
        close() {
          if (state.closed) return;
          state.closed = true;
          for (let i = waiting.length - 1; i >= 0; i--) {
            const w = waiting[i] as Waiter;
            if (w.lease !== state) continue;
            waiting.splice(i, 1);
            w.resolve();
          }
          held -= state.held;
          state.held = 0;
          open.splice(open.indexOf(state), 1);
          pump();
        },
      };
    },
    held: () => held,
    peak: () => peak,
  };
}
