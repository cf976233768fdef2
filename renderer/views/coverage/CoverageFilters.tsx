import { FilterFieldset } from '../../components/FilterFieldset.tsx';
import { DAY_PATTERN_HINT } from '../../format/index.ts';
import { COVERAGE_FILTERS, type CoverageFilter } from './useCoverage.ts';

/** The filter fields: their address field, label, input type and hint. */
const FIELDS: readonly { key: CoverageFilter; label: string; type: 'text' | 'number'; hint?: string }[] = [
  { key: 'league', label: 'League', type: 'text', hint: 'OHL' },
  { key: 'draftYear', label: 'Draft year', type: 'number', hint: '2026' },
  { key: 'tier', label: 'Board tier', type: 'text' },
  // Typed as the app writes days (a browser's date box shows the system's order, such as 11/30/2026).
  { key: 'notSeenSince', label: `Not seen since (${DAY_PATTERN_HINT})`, type: 'text', hint: DAY_PATTERN_HINT },
  { key: 'fewerScoutsThan', label: 'Seen by fewer than (scouts)', type: 'number', hint: '2' },
];

/**
 * The coverage filters: the player's league, his draft-eligible year, his tier on the department board,
 * "not seen since" a day and "seen by fewer than N scouts". Each is kept in the address as it is typed
 * (the table reads this computer's copy, so each keystroke is a cheap read); "Clear filters" empties them.
 */
export function CoverageFilters(props: { params: URLSearchParams; set: (fields: Record<string, string>) => void }) {
  const { params, set } = props;
  const any = FIELDS.some((f) => params.has(COVERAGE_FILTERS[f.key]));
  return (
    <FilterFieldset
      filtered={any}
      onClear={() => set(Object.fromEntries(Object.values(COVERAGE_FILTERS).map((k) => [k, ''])))}
    >
      {FIELDS.map((f) => {
        const name = COVERAGE_FILTERS[f.key];
        return (
          <label key={f.key} className="field">
            <span className="field-label">{f.label}</span>
            <input
              type={f.type}
              // The app's boxes: a text box's own style, a number's that of a range filter.
              className={f.type === 'text' ? undefined : 'range-input'}
              value={params.get(name) ?? ''}
              placeholder={f.hint}
              min={f.type === 'number' ? 1 : undefined}
              inputMode={f.type === 'number' ? 'numeric' : undefined}
              onChange={(e) => set({ [name]: e.currentTarget.value })}
            />
          </label>
        );
      })}
    </FilterFieldset>
  );
}
