import { useId, useRef, useState } from 'react';
import { ComboList } from '../../components/ComboList.tsx';

/** A team the picker offers: its id and its name in the league-season. */
export interface PickerTeam {
  id: number;
  name: string;
}

/** The teams whose name holds `text` (case-insensitive) and are not chosen yet, in the list's order. */
export function matchingTeams(
  teams: readonly PickerTeam[],
  chosen: readonly number[],
  text: string,
): readonly PickerTeam[] {
  const q = text.trim().toLowerCase();
  return teams.filter((t) => !chosen.includes(t.id) && (q === '' || t.name.toLowerCase().includes(q)));
}

/**
 * The Compare view's team picker: an ARIA combobox (WAI-ARIA APG "combobox with listbox popup", list
 * autocomplete) over the league-season's teams, the chosen ones as removable chips. Typing filters the
 * list and opens it; ArrowDown/ArrowUp move the active option (ArrowDown also opens the whole list), Enter
 * adds the active option, Escape closes the list or, when closed, clears the text. Focus stays in the input;
 * the active option is announced through `aria-activedescendant`.
 */
export function TeamPicker(props: {
  teams: readonly PickerTeam[];
  chosen: readonly number[];
  /** Most teams a comparison holds; the input is disabled when that many are chosen. */
  max: number;
  onChange: (ids: number[]) => void;
}) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const base = useId();
  const listId = `${base}-list`;
  const optionId = (i: number) => `${base}-option-${i}`;
  const matches = matchingTeams(props.teams, props.chosen, text);
  const full = props.chosen.length >= props.max;
  const expanded = open && !full && matches.length > 0;

  const moveTo = (i: number) => {
    setActive(i);
    // Keep the active option in view in a list taller than its box.
    requestAnimationFrame(() => document.getElementById(optionId(i))?.scrollIntoView({ block: 'nearest' }));
  };
  const add = (t: PickerTeam) => {
    props.onChange([...props.chosen, t.id]);
    setText('');
    setOpen(false);
    setActive(-1);
    input.current?.focus();
  };

  return (
    <div className="field grow team-picker">
      <label className="field-label" htmlFor={`${base}-input`}>
        Teams ({props.chosen.length} of {props.max})
      </label>
      <div className="chips">
        <ChosenChips teams={props.teams} chosen={props.chosen} onChange={props.onChange} />
        <div className="combo">
          <input
            id={`${base}-input`}
            ref={input}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder={full ? `${props.max} teams chosen` : 'Add a team…'}
            disabled={full}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setOpen(true);
              setActive(-1);
            }}
            onBlur={() => setOpen(false)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown') {
                e.preventDefault();
                if (!expanded) {
                  setOpen(true);
                  if (!e.altKey) moveTo(0);
                } else moveTo(active + 1 < matches.length ? active + 1 : 0);
              } else if (e.key === 'ArrowUp') {
                e.preventDefault();
                if (!expanded) {
                  setOpen(true);
                  moveTo(matches.length - 1);
                } else moveTo(active > 0 ? active - 1 : matches.length - 1);
              } else if (e.key === 'Enter') {
                const t = expanded ? matches[active] : undefined;
                if (t) {
                  e.preventDefault();
                  add(t);
                }
              } else if (e.key === 'Escape') {
                e.preventDefault();
                if (expanded) {
                  setOpen(false);
                  setActive(-1);
                } else setText('');
              }
            }}
          />
          <ComboList
            id={listId}
            label="Matching teams"
            expanded={expanded}
            options={matches.map((t) => ({ key: String(t.id), text: t.name }))}
            active={active}
            optionId={optionId}
            onPick={(i) => add(matches[i] as PickerTeam)}
          />
        </div>
      </div>
    </div>
  );
}

/** The chosen teams as chips, each with its remove button. */
function ChosenChips(props: {
  teams: readonly PickerTeam[];
  chosen: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const nameOf = (id: number) => props.teams.find((t) => t.id === id)?.name ?? `Team ${id}`;
  return props.chosen.map((id) => (
    <span key={id} className="chip on">
      {nameOf(id)}
      <button
        type="button"
        className="chip-x"
        aria-label={`Remove ${nameOf(id)}`}
        onClick={() => props.onChange(props.chosen.filter((x) => x !== id))}
      >
        ×
      </button>
    </span>
  ));
}
