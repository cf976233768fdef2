import { describe, expect, it } from 'vitest';
import { decodeAnswer, jsonTextSink, valueSink } from '../../../electron/host/service-client/answer.ts';
import type { EndpointName } from '../../../shared/contract/endpoints.ts';
import { responseIssue } from '../../../shared/contract/envelope.ts';

// The host reads a service answer record by record from its bytes (service-client/answer.ts, json-split.ts)
// instead of parsing it whole. Whatever the text, the outcome must be what parsing it whole gives: the
// platform's JSON.parse says whether it is JSON and what value it is; the whole-answer schema check
// (responseIssue, the check the host made before) says which issue comes first. The JSON text kept for
// the page must be exactly what JSON.stringify writes for that value.

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Characters that matter to a scanner of JSON text: quotes, backslashes, brackets, separators, multi-byte.
const NASTY = ['"', '\\', '{', '}', '[', ']', ',', ':', ' ', '\n', '/', 'é', '鍵', '😀', 'a', 'data', '\\"', '"\\'];

function text(r: () => number): string {
  let s = '';
  const n = Math.floor(r() * 6);
  for (let i = 0; i < n; i++) s += NASTY[Math.floor(r() * NASTY.length)];
  return s;
}

function value(r: () => number, depth: number): unknown {
  const pick = r();
  if (depth > 2 || pick < 0.35) return text(r);
  if (pick < 0.5) return Math.floor(r() * 2000) - 1000 + (r() < 0.3 ? 0.25 : 0);
  if (pick < 0.55) return r() < 0.5;
  if (pick < 0.6) return null;
  if (pick < 0.8) return Array.from({ length: Math.floor(r() * 4) }, () => value(r, depth + 1));
  const o: Record<string, unknown> = {};
  for (let i = Math.floor(r() * 4); i > 0; i--) o[text(r)] = value(r, depth + 1);
  return o;
}

/** JSON text of `v` with random whitespace and random (valid) escapes: not what JSON.stringify writes. */
function render(v: unknown, r: () => number): string {
  const ws = () => [' ', '', '\n', '\t', '\r\n  ', ''][Math.floor(r() * 6)] as string;
  if (typeof v === 'string') {
    const quoted = JSON.stringify(v);
    // Some characters written as \u escapes, and `/` as `\/`, both as valid as the plain forms.
    return quoted.replace(/[a-zé/]/g, (c) =>
      r() < 0.2 ? (c === '/' ? '\\/' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : c,
    );
  }
  if (Array.isArray(v)) return `[${ws()}${v.map((x) => `${render(x, r)}${ws()}`).join(`,${ws()}`)}]`;
  if (v !== null && typeof v === 'object') {
    const members = Object.entries(v).map(([k, x]) => `${render(k, r)}${ws()}:${ws()}${render(x, r)}`);
    return `{${ws()}${members.join(`${ws()},${ws()}`)}${ws()}}`;
  }
  return JSON.stringify(v);
}

function listAnswer(r: () => number): unknown {
  const data = Array.from({ length: Math.floor(r() * 5) }, (_, i) => {
    const rec = value(r, 1);
    return { ...(rec !== null && typeof rec === 'object' && !Array.isArray(rec) ? rec : { x: rec }), id: i + 1 };
  });
  return {
    _meta: { generatedAt: text(r), offset: 0, limit: 5, totalRecords: data.length },
    _links: { first: text(r), last: null, prev: null, next: '/v1/teams?offset=5' },
    data,
    ...(r() < 0.5 ? { after: value(r, 1) } : {}),
  };
}

/** What the whole-answer route gives for `body` (its UTF-8 bytes decoded whole): not JSON, the first issue, or the value. */
function wholeOutcome(endpoint: EndpointName, body: string) {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'utf8').toString('utf8'));
  } catch {
    return { kind: 'not-json' };
  }
  const issue = responseIssue(endpoint, json);
  return issue === null ? { kind: 'ok', value: json } : { kind: 'invalid', issue };
}

function expectSameAsWhole(endpoint: EndpointName, body: string) {
  const bytes = Buffer.from(body, 'utf8');
  const expected = wholeOutcome(endpoint, body);
  expect(decodeAnswer(endpoint, bytes, null, valueSink()), body).toEqual(expected);
  const asText = decodeAnswer(endpoint, bytes, null, jsonTextSink());
  if (expected.kind !== 'ok' || asText.kind !== 'ok') {
    expect(asText.kind, body).toBe(expected.kind);
    return;
  }
  expect(Buffer.concat(asText.value.chunks).toString('utf8'), body).toBe(JSON.stringify(expected.value));
}

describe('an answer read record by record is the answer read whole', () => {
  it('random list answers, with random whitespace, escapes and characters that look like structure', () => {
    const r = rng(15);
    for (let i = 0; i < 400; i++) expectSameAsWhole('teams', render(listAnswer(r), r));
  });

  it('the same answers with one byte broken: not JSON exactly when JSON.parse says so, else the same outcome', () => {
    const r = rng(12);
    const breakers = ['{', '}', '[', ']', ',', ':', '"', '\\', ' ', 'x', '1'];
    let notJson = 0;
    for (let i = 0; i < 400; i++) {
      const body = render(listAnswer(r), r);
      const at = Math.floor(r() * body.length);
      const broken =
        r() < 0.5
          ? body.slice(0, at) + body.slice(at + 1)
          : body.slice(0, at) + (breakers[Math.floor(r() * breakers.length)] as string) + body.slice(at);
      if (wholeOutcome('teams', broken).kind === 'not-json') notJson++;
      expectSameAsWhole('teams', broken);
    }
    // The mutations did break most texts (the property is not checked on valid texts alone).
    expect(notJson).toBeGreaterThan(200);
  });

  it.each([
    [
      'an escaped member name that reads `data`',
      '{"_meta":{"generatedAt":"x","offset":0,"limit":1,"totalRecords":1},"_links":{"first":null,"last":null,"prev":null,"next":null},"d\\u0061ta":[{"id":1}]}',
    ],
    [
      '`data` and then an escaped `data` (the last one counts)',
      '{"_meta":{"generatedAt":"x","offset":0,"limit":1,"totalRecords":1},"_links":{"first":null,"last":null,"prev":null,"next":null},"data":[{"id":"no"}],"d\\u0061ta":[{"id":2}]}',
    ],
    [
      '`data` twice (the last one counts)',
      '{"_meta":{"generatedAt":"x","offset":0,"limit":1,"totalRecords":1},"_links":{"first":null,"last":null,"prev":null,"next":null},"data":[{"id":"no"}],"data":[{"id":2}]}',
    ],
    [
      'a nested `data` member',
      '{"_meta":{"generatedAt":"x","offset":0,"limit":1,"totalRecords":1,"data":[1]},"_links":{"first":null,"last":null,"prev":null,"next":null},"data":[{"id":3,"data":{"data":[]}}]}',
    ],
    [
      'strings ending in backslashes',
      '{"_meta":{"generatedAt":"\\\\","offset":0,"limit":1,"totalRecords":1},"_links":{"first":"\\\\\\"","last":null,"prev":null,"next":null},"data":[{"id":4,"n":"a\\\\"},{"id":5,"n":"\\"]}"}]}',
    ],
    [
      '`data` not an array',
      '{"_meta":{"generatedAt":"x","offset":0,"limit":1,"totalRecords":1},"_links":{"first":null,"last":null,"prev":null,"next":null},"data":{"id":1}}',
    ],
    [
      'a record off its schema',
      '{"_meta":{"generatedAt":"x","offset":0,"limit":1,"totalRecords":2},"_links":{"first":null,"last":null,"prev":null,"next":null},"data":[{"id":1},{"id":"2"}]}',
    ],
    [
      'an envelope off its schema',
      '{"_meta":{"generatedAt":"x","offset":-1,"limit":1,"totalRecords":1},"_links":{"first":null,"last":null,"prev":null,"next":null},"data":[{"id":"1"}]}',
    ],
    [
      'empty data, spaces everywhere',
      ' { "_meta" : {"generatedAt":"x","offset":0,"limit":1,"totalRecords":0} , "_links" : {"first":null,"last":null,"prev":null,"next":null} , "data" : [ ] } ',
    ],
    [
      'a byte-order mark',
      '\uFEFF{"_meta":{"generatedAt":"x","offset":0,"limit":1,"totalRecords":0},"_links":{"first":null,"last":null,"prev":null,"next":null},"data":[]}',
    ],
    [
      'a record that is not an object',
      '{"_meta":{"generatedAt":"x","offset":0,"limit":1,"totalRecords":1},"_links":{"first":null,"last":null,"prev":null,"next":null},"data":[7]}',
    ],
    [
      'a bare number in data followed by garbage',
      '{"_meta":{"generatedAt":"x","offset":0,"limit":1,"totalRecords":1},"_links":{"first":null,"last":null,"prev":null,"next":null},"data":[7 8]}',
    ],
    [
      'text after the answer',
      '{"_meta":{"generatedAt":"x","offset":0,"limit":1,"totalRecords":0},"_links":{"first":null,"last":null,"prev":null,"next":null},"data":[]} x',
    ],
    ['no answer at all', ''],
    ['an array', '[{"id":1}]'],
  ])('a list answer with %s', (_what, body) => {
    expectSameAsWhole('teams', body);
  });

  it.each([
    ['a record', '{"_meta":{"generatedAt":"x"},"data":{"id":7,"name":"A \\"quoted\\" [team]"},"more":1}'],
    ['a record off its schema', '{"_meta":{"generatedAt":"x"},"data":{"id":"7"}}'],
    ['data an array', '{"_meta":{"generatedAt":"x"},"data":[{"id":7}]}'],
    ['data null', '{"_meta":{"generatedAt":"x"},"data":null}'],
  ])('an item answer with %s', (_what, body) => {
    expectSameAsWhole('team', body);
  });
});
