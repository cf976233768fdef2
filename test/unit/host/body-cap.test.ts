import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, MAX_BODY_BYTES } from '../../../electron/host/service-client/service-client.ts';
import { type PeerServer, startPeerServer } from './peer-server.ts';

// The response body cap, against a real HTTP server that sends about 1 MiB, with a small cap configured.

const KEY = 'cap-test-key/+=';
let peer: PeerServer;
beforeAll(async () => {
  peer = await startPeerServer();
});
afterAll(async () => {
  await peer.close();
});

describe('response body cap', () => {
  it('the documented default is 64 MiB', () => {
    expect(MAX_BODY_BYTES).toBe(67_108_864);
  });

  it.each(['huge-chunked', 'huge-declared'])('%s past the cap → invalid-response, not retried, no key', async (s) => {
    const client = createServiceClient({ maxBodyBytes: 256 * 1024, maxAttempts: 3, timeoutMs: 5000 });
    const r = await client.request(peer.baseUrl, { endpoint: 'teams', path: {}, query: { scenario: s } }, KEY);
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid-response' } });
    expect(r.ok ? '' : r.error.message).toMatch(
      /^The service at http:\/\/127\.0\.0\.1:\d+ sent an answer larger than 256 KiB; it was not read\.$/,
    );
    expect(JSON.stringify(r)).not.toContain(KEY);
    expect(peer.count(s)).toBe(1);
  });

  it('the same answer under a cap above its size is read whole', async () => {
    const client = createServiceClient({ maxBodyBytes: 4 * 1024 * 1024, maxAttempts: 1 });
    const r = await client.request(
      peer.baseUrl,
      { endpoint: 'teams', path: {}, query: { scenario: 'huge-chunked' } },
      KEY,
    );
    expect(r.ok).toBe(true);
    if (r.ok) expect((r.value as { pad?: string }).pad).toHaveLength(1024 * 1024);
  });
});
