/**
 * The latency proxy of `npm run bench:players`: an HTTP proxy on 127.0.0.1 (only) in front of the local
 * service, run as a child process of the bench (`fork`), that makes loopback look like a distant network.
 *
 * - Round trip: each new connection waits one round trip (the TCP handshake) before its first request is
 *   read; each request waits half a round trip before it is sent on and half before its answer starts.
 * - Bandwidth (optional): answers' bytes leave at most at the cap, shared by every connection.
 * - It counts requests, bytes moved (answer bodies as sent, and about 200 bytes per request and per
 *   answer head), the most requests in flight at once, and each 429 answer's times.
 *
 * Started with `{ target: 'http://127.0.0.1:PORT', rttMs, mbitPerSecond }` as its first IPC message; it
 * answers `{ port }`. Then `reset` (zero the counts) and `stats` (answers {@link ProxyStats}).
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** What the proxy counted since the last `reset`. */
export interface ProxyStats {
  requests: number;
  bytes: number;
  peakInFlight: number;
  /** Each 429 answer: when its request came and when the answer left (ms since the reset). */
  rateLimited: { sent: number; at: number }[];
}

export interface ProxyConfig {
  target: string;
  rttMs: number;
  /** Answers' bandwidth in Mbit/s; 0 or absent: no cap. */
  mbitPerSecond?: number;
}

type Message = { type: 'reset' } | { type: 'stats' } | ({ type: 'start' } & ProxyConfig);

/** A shared byte pacer: bytes may leave at `bytesPerMs`; answers when `n` more bytes may go. */
function pacer(bytesPerMs: number) {
  let freeAt = 0;
  return async (n: number) => {
    if (bytesPerMs <= 0) return;
    const now = performance.now();
    freeAt = Math.max(freeAt, now) + n / bytesPerMs;
    const wait = freeAt - now;
    if (wait > 1) await sleep(wait);
  };
}

function start(cfg: ProxyConfig): Promise<number> {
  const target = new URL(cfg.target);
  const half = cfg.rttMs / 2;
  const pace = pacer(((cfg.mbitPerSecond ?? 0) * 1e6) / 8 / 1000);
  let stats: ProxyStats = { requests: 0, bytes: 0, peakInFlight: 0, rateLimited: [] };
  let t0 = performance.now();
  let inFlight = 0;
  // Each connection's handshake: its first request waits for it.
  const ready = new WeakMap<Socket, Promise<unknown>>();

  const server = createServer(async (req, res) => {
    stats.requests++;
    inFlight++;
    stats.peakInFlight = Math.max(stats.peakInFlight, inFlight);
    stats.bytes += (req.url ?? '').length + 200;
    const sent = Math.round(performance.now() - t0);
    await ready.get(req.socket);
    if (half > 0) await sleep(half);
    const up = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      async (answer) => {
        if (half > 0) await sleep(half);
        if (answer.statusCode === 429) stats.rateLimited.push({ sent, at: Math.round(performance.now() - t0) });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        stats.bytes += 200;
        for await (const chunk of answer) {
          const b = chunk as Buffer;
          stats.bytes += b.length;
          await pace(b.length);
          if (!res.write(b)) await new Promise((r) => res.once('drain', r));
        }
        res.end();
        inFlight--;
      },
    );
    up.on('error', () => {
      res.writeHead(502);
      res.end();
      inFlight--;
    });
    req.pipe(up);
  });
  server.on('connection', (socket: Socket) => {
    ready.set(socket, cfg.rttMs > 0 ? sleep(cfg.rttMs) : Promise.resolve());
  });
  server.keepAliveTimeout = 30_000;
  process.on('message', (m: Message) => {
    if (m.type === 'reset') {
      stats = { requests: 0, bytes: 0, peakInFlight: 0, rateLimited: [] };
      t0 = performance.now();
      process.send?.({ type: 'reset' });
    } else if (m.type === 'stats') process.send?.({ type: 'stats', stats });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

if (process.send !== undefined) {
  process.once('message', (m: Message) => {
    if (m.type !== 'start') return;
    void start(m).then((port) => process.send?.({ type: 'port', port }));
  });
}
