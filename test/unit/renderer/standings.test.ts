import { describe, expect, it } from 'vitest';
import { leagueLabel } from '../../../renderer/entities/league/standings.ts';

describe('leagueLabel (a league named in the Standings view and its 403 panel)', () => {
  it('uses the name the service lists, else the slug in capitals as leagues are written', () => {
    expect(leagueLabel({ slug: 'del', name: 'DEL' }, 'del')).toBe('DEL');
    // A league outside the key's subscription is not in the leagues list: only its slug is known.
    expect(leagueLabel(undefined, 'nhl')).toBe('NHL');
    expect(leagueLabel(undefined, undefined)).toBeUndefined();
  });
});
