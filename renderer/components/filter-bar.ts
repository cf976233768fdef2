import type { FilterDefinition, ListDefinition } from '../../shared/query/lists/definition.ts';
import type { Option } from './options.ts';

/**
 * The controls of a list's filter bar, read from its definition (shared/query/lists/): a select per filter
 * the definition shows as one, a min–max pair per range, in the definition's order. Pure: the bar
 * (FilterBar.tsx) draws them.
 */

/** One control of the bar. */
export type BarControl =
  | { type: 'select'; name: string; label: string; anyLabel: string; options: readonly Option[] | null }
  | { type: 'range'; name: string; label: string; unit: string | undefined; limit: number };

/** The names of the filters a definition shows in its bar (the search among them). */
export function barFilterKeys(def: ListDefinition): string[] {
  return Object.entries(def.filters).flatMap(([name, f]) => (f.ui === undefined ? [] : [name]));
}

/** A closed set's values as options, labelled as the definition labels them; null when the set is open. */
function closedOptions(f: FilterDefinition, labels: Readonly<Record<string, string>> | undefined): Option[] | null {
  const values = f.kind === 'choice' || f.kind === 'list' ? f.values : undefined;
  if (values === undefined || labels === undefined) return null;
  return values.filter((v) => labels[v] !== undefined).map((v) => ({ value: v, label: labels[v] as string }));
}

/** The largest value a range box takes: its kind's bound. */
function limitOf(f: FilterDefinition): number {
  return f.kind === 'whole' || f.kind === 'measure' ? f.max : 0;
}

/** The bar's controls, in the definition's order; a range once, where its first bound stands. `hidden`: left out. */
export function barControls(def: ListDefinition, hidden: readonly string[] = []): BarControl[] {
  const out: BarControl[] = [];
  for (const [name, f] of Object.entries(def.filters)) {
    const ui = f.ui;
    if (ui === undefined || ui.control === 'search') continue;
    if (ui.control === 'select') {
      if (hidden.includes(name)) continue;
      const options = closedOptions(f, ui.labels);
      out.push({ type: 'select', name, label: ui.label, anyLabel: ui.anyLabel ?? 'Any', options });
    } else if (!hidden.includes(ui.range) && !out.some((c) => c.type === 'range' && c.name === ui.range)) {
      out.push({ type: 'range', name: ui.range, label: ui.label, unit: ui.unit, limit: limitOf(f) });
    }
  }
  return out;
}

/** The search box's placeholder of a definition, or null when its bar has no search. */
export function searchPlaceholder(def: ListDefinition): string | null {
  for (const f of Object.values(def.filters)) if (f.ui?.control === 'search') return f.ui.placeholder;
  return null;
}
