import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type JsonText, JsonTextWriter, withValue } from '../../../electron/host/common/json-text.ts';
import { jsonPieces, sendJsonStream } from '../../../electron/host/shell/json-stream.ts';

// A service answer the host keeps only as JSON text (json-text.ts) goes to the page as its own bytes: the
// browser shell's answer must be the very text JSON.stringify writes for the same value, whether it goes
// out whole (one batch, with a Content-Length) or streamed in many batches over a real socket.

/** A JsonText of `records` records of about `width` characters each, built as the host builds one. */
function page(records: number, width: number): { text: JsonText; value: unknown } {
  const value = {
    _meta: { generatedAt: 'é', offset: 0, limit: records, totalRecords: records },
    data: Array.from({ length: records }, (_, i) => ({ id: i, name: `Spieler ${i} 鍵 "${'x'.repeat(width)}"` })),
  };
  const w = new JsonTextWriter();
  w.write(`{"_meta":${JSON.stringify(value._meta)},"data":[`);
  for (const [i, r] of value.data.entries()) w.write(`${i > 0 ? ',' : ''}${JSON.stringify(r)}`);
  w.write(']}');
  return { text: w.finish(), value };
}

let server: Server | null = null;
afterEach(async () => {
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = null;
});

/** Serves `body` with sendJsonStream once and returns what a client reads, with its Content-Length. */
async function served(body: unknown): Promise<{ text: string; length: string | null }> {
  server = createServer((_req, res) => void sendJsonStream(res, 200, body, { 'Content-Type': 'application/json' }));
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(30_000) });
  return { text: await res.text(), length: res.headers.get('content-length') };
}

describe('JSON text kept by the host', () => {
  it('reads back as its value, and JSON.stringify of it writes that value', () => {
    const { text, value } = page(50, 10);
    expect(text.toValue()).toEqual(value);
    expect(JSON.stringify({ ok: true, value: text })).toBe(JSON.stringify({ ok: true, value }));
    expect(text.byteLength).toBe(Buffer.byteLength(JSON.stringify(value)));
    expect(withValue({ ok: true, value: text })).toEqual({ ok: true, value });
    expect(withValue({ ok: false, error: { kind: 'network', message: 'x' } })).toEqual({
      ok: false,
      error: { kind: 'network', message: 'x' },
    });
  });

  it('its pieces are its bytes, in order, inside the pieces of the rest', () => {
    const { text, value } = page(3000, 40);
    expect(text.chunks.length).toBeGreaterThan(3);
    const pieces = [...jsonPieces({ ok: true, value: text })];
    expect(pieces.filter((p) => Buffer.isBuffer(p))).toEqual(text.chunks);
    const joined = Buffer.concat(pieces.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))).toString('utf8');
    expect(joined).toBe(JSON.stringify({ ok: true, value }));
  });

  it('a small answer goes out whole with its Content-Length', async () => {
    const { text, value } = page(3, 5);
    const got = await served({ ok: true, value: text });
    expect(got.text).toBe(JSON.stringify({ ok: true, value }));
    expect(Number(got.length)).toBe(Buffer.byteLength(got.text));
  });

  it('a large answer (megabytes, many batches) is streamed whole over a real socket', async () => {
    const { text, value } = page(20_000, 120);
    expect(text.byteLength).toBeGreaterThan(2_000_000);
    const got = await served({ ok: true, value: text });
    expect(got.length).toBeNull();
    expect(got.text).toBe(JSON.stringify({ ok: true, value }));
  });
});
