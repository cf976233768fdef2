import { describe, expect, it } from 'vitest';
import { barControls, barFilterKeys, searchPlaceholder } from '../../../renderer/components/filter-bar.ts';
import { LEADERS_LIST } from '../../../shared/query/lists/leaders.ts';
import { PLAYERS_LIST } from '../../../shared/query/lists/players.ts';
import { TEAMS_LIST } from '../../../shared/query/lists/teams.ts';

/** The generic filter bar's controls as each list's definition declares them (what the Teams and Players bars drew by hand). */

/** A select of a closed set, its options in the set's order, `Any` first. */
const closedSelect = (name: string, label: string, labels: Record<string, string>) => ({
  type: 'select',
  name,
  label,
  anyLabel: 'Any',
  options: Object.entries(labels).map(([value, text]) => ({ value, label: text })),
});

describe('the filter bar of a list definition', () => {
  it('Teams: search, then League, Country, Status, Type and Class; closed sets labelled, open ones from the view', () => {
    expect(searchPlaceholder(TEAMS_LIST)).toBe('e.g. Bruins');
    expect(barFilterKeys(TEAMS_LIST)).toEqual(['q', 'league', 'country', 'status', 'teamType', 'teamClass']);
    expect(barControls(TEAMS_LIST)).toEqual([
      { type: 'select', name: 'league', label: 'League', anyLabel: 'All leagues', options: null },
      { type: 'select', name: 'country', label: 'Country', anyLabel: 'All countries', options: null },
      closedSelect('status', 'Status', { active: 'Active', 'not-active': 'Not active' }),
      closedSelect('teamType', 'Type', { club: 'Club', international: 'International' }),
      closedSelect('teamClass', 'Class', { men: 'Men', women: 'Women' }),
    ]);
  });

  it('Players: selects, then each range once, its boxes bounded by the filter kind (150 years, 300 cm or kg)', () => {
    const controls = barControls(PLAYERS_LIST);
    expect(controls.map((c) => `${c.type}:${c.name}`)).toEqual([
      'select:position',
      'select:nationality',
      'select:shoots',
      'select:catches',
      'select:league',
      'select:season',
      'range:age',
      'range:height',
      'range:weight',
    ]);
    expect(controls.filter((c) => c.type === 'range')).toEqual([
      { type: 'range', name: 'age', label: 'Age today', unit: undefined, limit: 150 },
      { type: 'range', name: 'height', label: 'Height', unit: 'cm', limit: 300 },
      { type: 'range', name: 'weight', label: 'Weight', unit: 'kg', limit: 300 },
    ]);
    // The agency filter has no control: the agency's page sets it.
    expect(barFilterKeys(PLAYERS_LIST)).not.toContain('agency');
  });

  it('leaves out hidden filters and ranges', () => {
    const names = barControls(LEADERS_LIST, ['position', 'draftAge']).map((c) => c.name);
    expect(names).toEqual(['nationality', 'team', 'draft']);
  });
});
