import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redact, scrubSecret } from '../../../electron/host/service-client/redact.ts';
import { createServiceClient } from '../../../electron/host/service-client/service-client.ts';
import { type PeerServer, startPeerServer } from './peer-server.ts';

// Hostile keys (characters that every encoding writes differently) through a real HTTP server that echoes
// the request URL and the key, in several encodings, in its error messages and in links of a 200 answer.
// The expected encodings are written out by hand or computed with the platform's own encoders, never by
// the redaction under test.

const HOSTILE = [
  "Sp3c!al'(k)*~+/=&#%?x",
  '~tilde~(paren)!',
  'plus+slash/eq=amp&',
  'Ünïcødé-ключ-鍵',
  'semi;colon,comma:at@dollar$',
  'quote"lt<gt>back\\tick`',
];

let peer: PeerServer;
beforeAll(async () => {
  peer = await startPeerServer();
});
afterAll(async () => {
  await peer.close();
});

const lowerHex = (s: string) => s.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());

/** Every form the key could take in text: raw, URI-encoded, form-encoded; upper- and lower-case hex. */
function forms(key: string): string[] {
  const form = new URLSearchParams([['k', key]]).toString().slice(2);
  const out = [key, encodeURIComponent(key), encodeURI(key), form];
  return [...out, ...out.map(lowerHex)];
}

function expectNoForm(text: string, key: string) {
  for (const f of forms(key)) expect(text, `form ${JSON.stringify(f)}`).not.toContain(f);
}

describe('the form encoding the host itself writes is what a hand-written table says', () => {
  it.each([
    ["Sp3c!al'(k)*~+/=&#%?x", 'Sp3c%21al%27%28k%29*%7E%2B%2F%3D%26%23%25%3Fx'],
    ['a b', 'a+b'],
  ])('%s → %s', (key, expected) => {
    expect(new URLSearchParams([['k', key]]).toString().slice(2)).toBe(expected);
    expect(scrubSecret(`x=${expected}&y=${lowerHex(expected)}`, key)).toBe('x=REDACTED&y=REDACTED');
  });
});

describe.each(HOSTILE)('hostile key %s', (key) => {
  const client = createServiceClient({ timeoutMs: 2000, maxAttempts: 1 });

  it('an error message echoing the URL and the key in every encoding is scrubbed', async () => {
    const r = await client.request(
      peer.baseUrl,
      { endpoint: 'teams', path: {}, query: { scenario: '400-echo-encodings' } },
      key,
    );
    expect(r.ok).toBe(false);
    const text = JSON.stringify(r);
    expect(text).toContain('REDACTED');
    expectNoForm(text, key);
    expectNoForm(JSON.parse(text).error.message, key);
  });

  it('links and strings of a 200 answer carry no form of the key', async () => {
    const r = await client.request(
      peer.baseUrl,
      { endpoint: 'teams', path: {}, query: { scenario: 'ok-echo-encodings' } },
      key,
    );
    expect(r.ok).toBe(true);
    const text = JSON.stringify(r);
    expectNoForm(text, key);
    expect(text).not.toMatch(/apikey/i);
  });

  it('the JSON text of a 200 answer that the page is sent carries no form of the key, and reads as the same value', async () => {
    const req = { endpoint: 'teams', path: {}, query: { scenario: 'ok-echo-encodings' } } as const;
    const r = await client.requestJson(peer.baseUrl, req, key);
    if (!r.ok) throw new Error(r.error.message);
    const text = Buffer.concat(r.value.chunks).toString('utf8');
    expectNoForm(text, key);
    expect(text).not.toMatch(/apikey/i);
    const values = await client.request(peer.baseUrl, req, key);
    expect(values.ok && JSON.parse(text)).toEqual(values.ok && values.value);
  });

  it('a log line of the keyed URL carries no form of the key', () => {
    const url = new URL('https://h.example.org/v1/teams');
    url.searchParams.append('sort', key);
    url.searchParams.append('apiKey', key);
    expectNoForm(redact(url.toString(), key), key);
  });
});
