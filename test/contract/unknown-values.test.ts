// An unknown or malformed value is answered without repeating it, with one message whatever the value:
// the key itself sent as a value gets the same answer as any other wrong value, so a client's redaction
// of its key from messages cannot confirm a guess.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, startFixture } from './service-fixture.ts';

let f: Fixture;
let teamId: number;

beforeAll(async () => {
  f = await startFixture();
  teamId = f.sql<{ id: number }>('SELECT MIN(id) AS id FROM teams')[0]?.id as number;
});
afterAll(async () => f?.close());

/** The same request with `value` in place of `VALUE` (URL-encoded). */
const ask = (template: string, value: string, key = f.keys.full) =>
  f.get(template.replaceAll('VALUE', encodeURIComponent(value)), key);

const CASES: { template: string; parameter: string; limited?: boolean; allowed?: string }[] = [
  { template: '/teams?sort=VALUE', parameter: 'sort', allowed: '-name' },
  { template: '/teams?sort=name,-VALUE', parameter: 'sort', allowed: 'id' },
  { template: '/teams?fields=id,VALUE', parameter: 'fields', allowed: 'name' },
  { template: '/teams?status=VALUE', parameter: 'status' },
  { template: '/teams?teamClass=VALUE', parameter: 'teamClass' },
  { template: '/teams?limit=VALUE', parameter: 'limit' },
  { template: '/teams?offset=VALUE', parameter: 'offset' },
  { template: '/teams?id=VALUE', parameter: 'id' },
  { template: '/teams?updatedAt:min=VALUE', parameter: 'updatedAt:min' },
  { template: `/teams/TEAM/goaltending-leaders?season=VALUE`, parameter: 'season' },
  { template: `/teams/TEAM/goaltending-leaders?regularStats.GP:min=VALUE`, parameter: 'regularStats.GP:min' },
  { template: `/teams/TEAM/goaltending-leaders?sort=VALUE`, parameter: 'sort', allowed: '-regularStats.SVP' },
  { template: '/teams?league=VALUE', parameter: 'league', limited: true },
  { template: '/leagues/VALUE', parameter: '' },
];

describe('no value is repeated in an error', () => {
  for (const c of CASES) {
    it(`${c.template}: one message for every wrong value, none of them in it`, async () => {
      const template = c.template.replace('TEAM', String(teamId));
      const key = c.limited ? f.keys.limited : f.keys.full;
      // The caller's own key as the value (lower-case, as a slug would be), and two other wrong values.
      const values = [key, 'zz-not-a-thing-1', 'qq-other-guess-22'];
      const answers = await Promise.all(values.map((v) => ask(template, v, key)));
      for (const [i, r] of answers.entries()) {
        expect(r.status, values[i]).toBeGreaterThanOrEqual(400);
        expect(r.body.message).not.toContain(values[i] as string);
        expect(JSON.stringify(r.body)).not.toContain(values[i] as string);
      }
      const [first] = answers;
      for (const r of answers) {
        expect(r.status).toBe(first?.status);
        expect(r.body.message).toBe(first?.body.message);
      }
      if (c.parameter) {
        expect(first?.body.parameter).toBe(c.parameter);
        expect(first?.body.message).toContain(`'${c.parameter}'`);
      }
      if (c.allowed) {
        expect(first?.body.allowed).toContain(c.allowed);
        expect(first?.body.message).toMatch(
          new RegExp(`^Unknown value in '${c.parameter}'; allowed: .*${c.allowed.replace('.', '\\.')}`),
        );
      }
    });
  }
});
