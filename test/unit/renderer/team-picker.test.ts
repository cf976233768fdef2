import { describe, expect, it } from 'vitest';
import { matchingTeams } from '../../../renderer/views/compare/TeamPicker.tsx';

// The picker's filter: what the listbox offers for a text, in the list's order, chosen teams left out.

const TEAMS = [
  { id: 1, name: 'Nashville Predators' },
  { id: 2, name: 'Winnipeg Jets' },
  { id: 3, name: 'Tampa Bay Lightning' },
  { id: 4, name: 'New Jersey Devils' },
];

describe('matchingTeams', () => {
  it('offers every team not chosen when the text is empty or blank', () => {
    expect(matchingTeams(TEAMS, [2], '').map((t) => t.id)).toEqual([1, 3, 4]);
    expect(matchingTeams(TEAMS, [], '   ').map((t) => t.id)).toEqual([1, 2, 3, 4]);
  });

  it('matches any part of the name, whatever the case, and trims the text', () => {
    expect(matchingTeams(TEAMS, [], ' JE ').map((t) => t.id)).toEqual([2, 4]);
    expect(matchingTeams(TEAMS, [4], 'je').map((t) => t.id)).toEqual([2]);
    expect(matchingTeams(TEAMS, [], 'zz')).toEqual([]);
  });
});
