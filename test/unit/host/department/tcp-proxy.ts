import net from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of a PostgreSQL server, for the lost answer of a push: it forwards both
 * ways until armed; armed, the first connection that sends a statement holding `marker` (its text crosses in
 * the protocol's Parse message) gets its request forwarded, and the server's answer to it is dropped with the
 * connection, both sides cut. So the server has done the work and the laptop never hears of it.
 */
export interface LossyProxy {
  port: number;
  /** Drops the answer to the next statement holding `marker`; resolves once it has dropped one. */
  dropNextAnswer(marker: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts a proxy to `target` (127.0.0.1) on a free port. */
export async function startLossyProxy(targetPort: number): Promise<LossyProxy> {
  let armed: { marker: Buffer; dropped: () => void } | null = null;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((laptop) => {
    const pgSide = net.connect(targetPort, '127.0.0.1');
    sockets.add(laptop).add(pgSide);
    let doomed = false;
    const cut = () => {
      laptop.destroy();
      pgSide.destroy();
    };
    laptop.on('data', (chunk: Buffer) => {
      if (armed !== null && !doomed && chunk.includes(armed.marker)) doomed = true;
      pgSide.write(chunk);
    });
    pgSide.on('data', (chunk: Buffer) => {
      if (doomed && armed !== null) {
        const { dropped } = armed;
        armed = null;
        cut();
        dropped();
        return;
      }
      laptop.write(chunk);
    });
    for (const s of [laptop, pgSide]) {
      s.on('error', cut);
      s.on('close', () => {
        sockets.delete(s);
        cut();
      });
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    dropNextAnswer: (marker) =>
      new Promise<void>((resolve) => {
        armed = { marker: Buffer.from(marker), dropped: resolve };
      }),
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
