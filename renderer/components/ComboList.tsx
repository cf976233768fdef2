import './combo.css';

/**
 * The popup list of an ARIA combobox (WAI-ARIA APG "combobox with listbox popup"): its options, the active
 * one marked (`aria-selected`, reached from the combobox's input through `aria-activedescendant`, where the
 * focus stays). A click picks an option without taking the focus from the input. Hidden unless `expanded`.
 * Its box: `.combo` (the input's wrapper, positioned) holds it.
 */
export function ComboList(props: {
  id: string;
  label: string;
  expanded: boolean;
  options: readonly { key: string; text: string }[];
  active: number;
  optionId: (i: number) => string;
  onPick: (i: number) => void;
}) {
  return (
    <div id={props.id} role="listbox" aria-label={props.label} className="combo-list" hidden={!props.expanded}>
      {props.expanded
        ? props.options.map((o, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard reaches options from the combobox input (aria-activedescendant), as the combobox pattern has it
            <div
              key={o.key}
              id={props.optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === props.active}
              className={i === props.active ? 'combo-option active' : 'combo-option'}
              // Keeps focus in the input, so the click is not a blur that closes the list first.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => props.onPick(i)}
            >
              {o.text}
            </div>
          ))
        : null}
    </div>
  );
}
