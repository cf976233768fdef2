import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, startFixture } from './service-fixture.ts';

/**
 * `fields` by subfield (service/README.md, "Choices"): on `/teams/{id}/player-stats` (parameters not shown
 * in the spec), `player.*` selects every subfield of the Player (spec, "Common conventions"), so it
 * carries the fields the embedded player omits; `player.<name>` and `league.<name>` select subfields by
 * name; on the standings, `team.<name>` does. A plain `player` stays the embedded form.
 */

let f: Fixture;
let teamId: number;
let season: string;
let league: string;

beforeAll(async () => {
  f = await startFixture();
  const [row] = f.sql<{ teamId: number; seasonSlug: string; leagueSlug: string }>(
    'SELECT teamId, seasonSlug, leagueSlug FROM player_stats GROUP BY teamId, seasonSlug ORDER BY COUNT(*) DESC, teamId LIMIT 1',
  );
  teamId = row?.teamId as number;
  season = row?.seasonSlug as string;
  league = row?.leagueSlug as string;
});

afterAll(async () => {
  await f?.close();
});

const stats = (fields: string) => f.get(`/teams/${teamId}/player-stats?season=${season}&limit=5&fields=${fields}`);

describe('subfields in `fields`', () => {
  it('player.* carries every Player field, the ones the embedded form omits included', async () => {
    const whole = await stats('id,player.*');
    const plain = await stats('id,player');
    expect(whole.status).toBe(200);
    for (let i = 0; i < whole.body.data.length; i++) {
      const p = whole.body.data[i].player;
      const own = (await f.get(`/players/${p.id}`)).body.data;
      for (const k of ['position', 'shoots', 'catches', 'gender', 'playerType', 'status'])
        expect(p[k], `${k} of player ${p.id}`).toEqual(own[k]);
      expect(Object.keys(p.staff)).toEqual(expect.arrayContaining(['goaltendingCoaches', 'assistantCoaches']));
      // The embedded form omits them (spec, "Player").
      expect(plain.body.data[i].player).not.toHaveProperty('position');
    }
  });

  it('player.<name> and league.<name> select those subfields only, as the Player and League give them', async () => {
    const { status, body } = await stats(
      'id,player.id,player.name,player.position,player.height,league.slug,league.name',
    );
    expect(status).toBe(200);
    for (const r of body.data) {
      expect(Object.keys(r)).toEqual(['id', 'player', 'league']);
      expect(Object.keys(r.player)).toEqual(['id', 'name', 'position', 'height']);
      const own = (await f.get(`/players/${r.player.id}`)).body.data;
      expect(r.player).toEqual({ id: own.id, name: own.name, position: own.position, height: own.height });
      const lg = (await f.get(`/leagues/${league}`)).body.data;
      expect(r.league).toEqual({ slug: lg.slug, name: lg.name });
    }
  });

  it('an object asked whole as well as by subfield comes whole', async () => {
    const { body } = await stats('id,player,player.name');
    expect(body.data[0].player).toHaveProperty('staff');
    expect(body.data[0].player).not.toHaveProperty('position');
  });

  it('standings take team.<name>', async () => {
    const { status, body } = await f.get(`/leagues/${league}/standings?season=${season}&fields=id,team.id,team.name`);
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    for (const r of body.data) {
      expect(Object.keys(r)).toEqual(['id', 'team']);
      const own = (await f.get(`/teams/${r.team.id}?fields=id,name`)).body.data;
      expect(r.team).toEqual(own);
    }
  });

  it('an unknown subfield is a 400 naming `fields`, whose allowed values list the subfields', async () => {
    const { status, body } = await stats('id,player.nope');
    expect(status).toBe(400);
    expect(body.parameter).toBe('fields');
    expect(body.allowed).toContain('player.position');
    expect(body.allowed).toContain('league.slug');
    expect(body.allowed).not.toContain('player.nope');
  });
});
