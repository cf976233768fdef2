import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../electron/host/service-client/service-client.ts';
import { type PeerServer, startPeerServer } from './peer-server.ts';

// A real HTTP server that echoes the key upper-cased, lower-cased, with its percent-encoding's case swapped,
// and base64-encoded (alone, URL-safe, and inside longer base64 texts at each byte offset) in an error
// message and in the strings of a 200 answer. What the test looks for is computed with the platform's own
// encoders (Buffer, encodeURIComponent), never with the redaction under test.

const KEYS = [
  'full-3f9c1a7b2e8d4c6f0a1b2c3d4e5f6a7b',
  'MiXeD-CaSe-Key-0042-qwerty-ASDFGH',
  "Sp3c!al'(k)*~+/=&#%?x-long-enough",
  'Ünïcødé-ключ-鍵-0123456789',
];

let peer: PeerServer;
beforeAll(async () => {
  peer = await startPeerServer();
});
afterAll(async () => {
  await peer.close();
});

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** Texts that must not appear: the key in other cases, and base64 runs that only the key's bytes make. */
function leaks(text: string, key: string): string[] {
  const found: string[] = [];
  const upper = text.toUpperCase();
  if (upper.includes(key.toUpperCase())) found.push('key in another case');
  if (upper.includes(encodeURIComponent(key).toUpperCase())) found.push('percent-encoded key in another case');
  for (const prefix of ['', 'a', 'ab']) {
    // The base64 letters of prefix + key that depend on the key alone (the first and last may mix in
    // neighbouring bytes): the run from the first whole 3-byte group after the prefix, 8 letters long.
    const enc = b64(`${prefix}xyz${key}`);
    const fromKey = enc.slice(Math.ceil(((prefix.length + 3) * 8) / 6), Math.ceil(((prefix.length + 3) * 8) / 6) + 8);
    if (text.includes(fromKey)) found.push(`base64 of the key after ${prefix.length} bytes`);
  }
  if (text.includes(b64(key).slice(0, 12))) found.push('base64 of the key');
  if (text.includes(Buffer.from(key).toString('base64url').slice(0, 12))) found.push('base64url of the key');
  return found;
}

describe.each(KEYS)('key %s', (key) => {
  const client = createServiceClient({ timeoutMs: 2000, maxAttempts: 1 });

  it('an error message with the key upper-cased and base64-encoded is scrubbed', async () => {
    const r = await client.request(
      peer.baseUrl,
      { endpoint: 'teams', path: {}, query: { scenario: '400-echo-case-base64' } },
      key,
    );
    expect(r).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    const text = JSON.stringify(r);
    expect(text).toContain('INVALID KEY REDACTED');
    expect(leaks(text, key)).toEqual([]);
  });

  it('the strings of a 200 answer carry the key in no case and no base64 form', async () => {
    const r = await client.request(
      peer.baseUrl,
      { endpoint: 'teams', path: {}, query: { scenario: 'ok-echo-case-base64' } },
      key,
    );
    expect(r.ok).toBe(true);
    const text = JSON.stringify(r);
    expect(text).toContain('"name":"Echo REDACTED"');
    expect(leaks(text, key)).toEqual([]);
  });

  it('the JSON text of a 200 answer that the page is sent carries the key in no case and no base64 form', async () => {
    const r = await client.requestJson(
      peer.baseUrl,
      { endpoint: 'teams', path: {}, query: { scenario: 'ok-echo-case-base64' } },
      key,
    );
    if (!r.ok) throw new Error(r.error.message);
    const text = Buffer.concat(r.value.chunks).toString('utf8');
    expect(text).toContain('"name":"Echo REDACTED"');
    expect(leaks(text, key)).toEqual([]);
  });
});
