import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP peer on 127.0.0.1 for the host's client tests: it speaks the spec's envelope and misbehaves
 * on purpose, per `scenario` query parameter (429 with Retry-After, 503 then 200, hanging, non-JSON, 401
 * with a JSON body, links carrying the key…). Not a model of our service's logic: it answers fixed shapes
 * and counts the requests it saw, with their full URLs, so a test can check what the client sent.
 */
export interface PeerServer {
  baseUrl: string;
  origin: string;
  /** Every request URL (path + query) seen, in order. */
  seen: string[];
  /** Requests seen for one scenario. */
  count(scenario: string): number;
  /**
   * Requests that carried a key: an `apiKey` parameter (any case, any value), a key-like header
   * (`x-api-key`, `authorization`), or `key` itself anywhere in the URL or headers, in any case, raw or
   * percent-decoded.
   */
  carryingKey(key?: string): number;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, n: number, url: URL) => void;

/** A list envelope whose every link carries `apiKey=<key the client sent>`, as the real service does. */
function listEnvelope(url: URL): unknown {
  const key = url.searchParams.get('apiKey') ?? '';
  const self = `${url.origin}/v1${url.pathname.replace(/^\/v1/, '')}`;
  return {
    _meta: { generatedAt: '2026-11-21T08:00:00Z', offset: 0, limit: 2, totalRecords: 5 },
    _links: {
      first: `${self}?offset=0&limit=2&sort=-regularStats.SVP,name&apiKey=${key}`,
      last: `${self}?apiKey=${key}&offset=4&limit=2`,
      prev: null,
      next: `/v1/teams?offset=2&limit=2&APIKEY=${encodeURIComponent(key)}#top`,
    },
    data: [
      {
        id: 1,
        name: 'Rochester Americans',
        logoUrl: `https://img.example.org/logo/1.png?w=64&apiKey=${key}`,
        _links: [`${self}/1?apiKey=${key}`, `${self}/1/seasons?fields=*&apikey=${key}`],
        note: `plain text that mentions the key ${key} by mistake`,
      },
      { id: 2, name: 'Hershey Bears', _links: { self: `${self}/2?api%4Bey=${key}` } },
    ],
  };
}

const SCENARIOS: Record<string, Handler> = {
  ok: (_req, res, _n, url) => json(res, 200, listEnvelope(url)),
  item: (_req, res, _n, url) =>
    json(res, 200, { _meta: { generatedAt: 'now' }, data: { id: 7, name: 'Team', link: `${url.href}` } }),
  'retry-after-seconds': (_req, res, n, url) =>
    n === 1
      ? json(res, 429, { message: 'Too many requests' }, { 'Retry-After': '1' })
      : json(res, 200, listEnvelope(url)),
  'retry-after-date': (_req, res, n, url) =>
    n === 1
      ? json(res, 429, { message: 'Slow down' }, { 'Retry-After': new Date(Date.now() + 2000).toUTCString() })
      : json(res, 200, listEnvelope(url)),
  'retry-after-long': (_req, res) => json(res, 429, { message: 'Quota exhausted' }, { 'Retry-After': '3600' }),
  'always-429': (_req, res) => json(res, 429, { message: 'Too many requests' }),
  '503-then-200': (_req, res, n, url) =>
    n === 1 ? json(res, 503, { message: 'Service unavailable' }) : json(res, 200, listEnvelope(url)),
  '502-504-then-200': (_req, res, n, url) =>
    n === 1 ? text(res, 502, 'Bad gateway') : n === 2 ? text(res, 504, '') : json(res, 200, listEnvelope(url)),
  'always-503': (_req, res) => json(res, 503, { message: 'Down' }),
  '500': (_req, res) => json(res, 500, { message: 'Internal error' }),
  reset: (req, res, n, url) => {
    if (n === 1) req.socket.destroy();
    else json(res, 200, listEnvelope(url));
  },
  hang: () => {},
  'not-json': (_req, res) => text(res, 200, '<html>maintenance</html>', 'text/html'),
  'bad-envelope': (_req, res) => json(res, 200, { data: 'nope', _meta: {} }),
  '400': (_req, res) =>
    json(res, 400, { message: 'Invalid sort field', parameter: 'sort', allowed: ['name', '-name', 'id'] }),
  '401-echo': (_req, res, _n, url) =>
    json(res, 401, {
      uuid: 'f3c1',
      message: `Api Key ${url.searchParams.get('apiKey')} is not valid for ${url.href}`,
    }),
  '400-echo-encodings': (_req, res, _n, url) => {
    const key = url.searchParams.get('apiKey') ?? '';
    const form = new URLSearchParams([['apiKey', key]]).toString();
    json(res, 400, {
      message: `Bad request ${url.pathname}${url.search} (key ${key}, ${encodeURIComponent(key)}, ${form}, ${lowerHex(form)}, ${lowerHex(encodeURIComponent(key))})`,
      parameter: `sort=${key}`,
    });
  },
  'ok-echo-encodings': (_req, res, _n, url) => {
    const key = url.searchParams.get('apiKey') ?? '';
    const form = new URLSearchParams([['k', key]]).toString().slice(2);
    const env = listEnvelope(url) as { data: Record<string, unknown>[] };
    env.data.push({
      id: 3,
      name: `Echo ${key}`,
      links: [
        `https://img.example.org/x.png?token=${form}`,
        `https://img.example.org/x.png?token=${lowerHex(form)}`,
        `/v1/teams?q=${encodeURIComponent(key)}&x=${encodeURI(key)}`,
        `https://h.example.org${url.pathname}${url.search}`,
      ],
    });
    json(res, 200, env);
  },
  /** The key back with its case changed and base64-encoded (alone and inside a longer base64 text). */
  '400-echo-case-base64': (_req, res, _n, url) => {
    const key = url.searchParams.get('apiKey') ?? '';
    json(res, 400, {
      message: `INVALID KEY ${key.toUpperCase()} (${key.toLowerCase()}, ${swapCase(encodeURIComponent(key))}); token ${b64(key)} ${b64url(key)} ${b64(`apiKey=${key}&limit=1`)} ${b64(`?apiKey=${key}`)} ${b64(`x ${key}`)} ${b64(`id=${key}`)}`,
      parameter: `apiKey=${key.toUpperCase()}`,
    });
  },
  'ok-echo-case-base64': (_req, res, _n, url) => {
    const key = url.searchParams.get('apiKey') ?? '';
    const env = listEnvelope(url) as { data: Record<string, unknown>[] };
    env.data.push({ id: 3, name: `Echo ${key.toUpperCase()}`, token: b64(key), ref: b64(`session=${key};x=1`) });
    json(res, 200, env);
  },
  /** A valid envelope padded to about 1 MiB, sent in chunks without a Content-Length. */
  'huge-chunked': (_req, res, _n, url) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    const body = JSON.stringify({ ...(listEnvelope(url) as object), pad: 'x'.repeat(1024 * 1024) });
    for (let i = 0; i < body.length; i += 16 * 1024) res.write(body.slice(i, i + 16 * 1024));
    res.end();
  },
  /** The same, with a Content-Length that announces it. */
  'huge-declared': (_req, res, _n, url) => {
    const body = JSON.stringify({ ...(listEnvelope(url) as object), pad: 'x'.repeat(1024 * 1024) });
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  },
  '401-plain': (_req, res) => text(res, 401, 'Unauthorized', 'text/plain'),
  '403': (_req, res) => json(res, 403, { message: 'League nhl is outside your subscription' }),
  '404': (_req, res) => json(res, 404, { message: 'Team not found' }),
  redirect: (_req, res, _n, url) => {
    res.writeHead(302, { Location: `http://127.0.0.1:9/elsewhere?apiKey=${url.searchParams.get('apiKey')}` });
    res.end();
  },
};

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
/** Upper-case letters lower-cased and the other way round (percent-encodings' hex included). */
const swapCase = (s: string) => [...s].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
const lowerHex = (s: string) => s.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
function text(res: ServerResponse, status: number, body: string, type = 'text/plain') {
  res.writeHead(status, { 'Content-Type': type });
  res.end(body);
}

/** Starts the peer on a free port. `/v1/about` answers an About body (valid unless `?scenario=bad`). */
export async function startPeerServer(): Promise<PeerServer> {
  const seen: string[] = [];
  const requests: { url: string; headers: string }[] = [];
  const counts = new Map<string, number>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    seen.push(req.url ?? '');
    requests.push({ url: req.url ?? '', headers: JSON.stringify(req.headers) });
    if (url.pathname === '/v1/about') {
      if (url.searchParams.has('apiKey')) return json(res, 400, { message: 'about takes no key' });
      return json(res, 200, {
        version: '1.0',
        provenance: { source: 'synthetic', description: 'Peer test data', extra: 1 },
      });
    }
    if (url.pathname === '/bad/v1/about') return json(res, 200, { version: 3 });
    const scenario = url.searchParams.get('scenario') ?? 'ok';
    const n = (counts.get(scenario) ?? 0) + 1;
    counts.set(scenario, n);
    const handler = SCENARIOS[scenario];
    if (!handler) return json(res, 400, { message: `unknown scenario ${scenario}` });
    handler(req, res, n, url);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    baseUrl: `${origin}/v1`,
    seen,
    count: (s) => counts.get(s) ?? 0,
    carryingKey: (key) =>
      requests.filter(({ url, headers }) => {
        const query = new URL(url, origin).searchParams;
        if ([...query.keys()].some((k) => k.toLowerCase() === 'apikey')) return true;
        if (/"(x-api-key|authorization)"/.test(headers)) return true;
        if (key === undefined) return false;
        let decoded = url;
        try {
          decoded = decodeURIComponent(url);
        } catch {
          // A malformed escape: the raw URL is checked.
        }
        const k = key.toLowerCase();
        return [url, decoded, headers].some((t) => t.toLowerCase().includes(k));
      }).length,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
