import { describe, expect, it } from 'vitest';
import { redact, scrubJson, scrubSecret, stripApiKey } from '../../../electron/host/service-client/redact.ts';

describe('stripApiKey', () => {
  it.each([
    [
      'https://api.example.org/v1/teams?offset=25&limit=25&apiKey=abc',
      'https://api.example.org/v1/teams?offset=25&limit=25',
    ],
    ['https://api.example.org/v1/teams?apiKey=abc&offset=25', 'https://api.example.org/v1/teams?offset=25'],
    ['https://api.example.org/v1/teams?apiKey=abc', 'https://api.example.org/v1/teams'],
    ['https://api.example.org/v1/teams?apiKey=abc#frag', 'https://api.example.org/v1/teams#frag'],
    ['/v1/teams?sort=-name,id&APIKEY=abc&limit=5', '/v1/teams?sort=-name,id&limit=5'],
    ['//cdn.example.org/x.png?apikey=abc', '//cdn.example.org/x.png'],
    ['teams?api%4Bey=abc&x=1', 'teams?x=1'],
    ['https://h/v1/t?apiKey=a&apiKey=b&q=1', 'https://h/v1/t?q=1'],
    ['https://h/v1/t?apiKey', 'https://h/v1/t'],
    ['https://h/v1/t?x=1;apiKey=abc', 'https://h/v1/t?x=1'],
    ['https://h/v1/t?myapiKey=1&apiKeys=2', 'https://h/v1/t?myapiKey=1&apiKeys=2'],
    ['no url here', 'no url here'],
    ['What? no key', 'What? no key'],
  ])('%s → %s', (input, output) => {
    expect(stripApiKey(input)).toBe(output);
  });
});

describe('redact', () => {
  it('replaces the value, keeps the rest, and scrubs a literal secret anywhere', () => {
    expect(redact('https://h/v1/teams?limit=2&apiKey=s3cr%2Ft')).toBe('https://h/v1/teams?limit=2&apiKey=REDACTED');
    expect(redact('https://h/v1/x/s3cr/t?q=s3cr/t', 's3cr/t')).toBe('https://h/v1/x/REDACTED?q=REDACTED');
  });
  it('scrubs the percent-encoded form of the secret', () => {
    expect(scrubSecret('next=%2Fv1%3Fk%3Da%2Bb', 'a+b')).toBe('next=%2Fv1%3Fk%3DREDACTED');
  });
});

describe('scrubJson', () => {
  it('walks arrays, objects and keys, leaves numbers, booleans and null alone', () => {
    const input = {
      _links: { next: '/v1/teams?apiKey=K1&offset=2', prev: null },
      data: [{ id: 1, ok: true, urls: ['https://x/y?apiKey=K1'], K1: 'K1' }],
    };
    expect(scrubJson(input, 'K1')).toEqual({
      _links: { next: '/v1/teams?offset=2', prev: null },
      data: [{ id: 1, ok: true, urls: ['https://x/y'], REDACTED: 'REDACTED' }],
    });
  });
  it('keeps a `__proto__` key a plain property instead of changing the prototype', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": "https://x/?apiKey=k"}}');
    const out = scrubJson(parsed) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ polluted: 'https://x/' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
