import type { ReactNode } from 'react';

/**
 * A labelled toolbar control: the label sits above the control, small caps. `group`: the child is a group
 * of controls that names itself (a Segmented's fieldset and legend), so the caption is a plain heading
 * beside it rather than a `<label>`, which may hold only one control.
 */
export function Field({
  label,
  children,
  grow,
  group,
}: {
  label: string;
  children: ReactNode;
  grow?: boolean;
  group?: boolean;
}) {
  if (group) {
    return (
      <div className={grow ? 'field grow' : 'field'}>
        <span className="field-label" aria-hidden="true">
          {label}
        </span>
        {children}
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control arrives as children and sits inside the label, which ties them together
    <label className={grow ? 'field grow' : 'field'}>
      <span className="field-label">{label}</span>
      {children}
    </label>
  );
}

/** A select of string values with an "any" first option (empty value = no filter). */
export function FilterSelect(props: {
  label: string;
  value: string;
  anyLabel?: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <Field label={props.label}>
      <select
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        disabled={props.disabled}
        className={props.value ? 'active' : undefined}
      >
        <option value="">{props.anyLabel ?? 'Any'}</option>
        {props.value && !props.options.some((o) => o.value === props.value) ? (
          <option value={props.value}>{props.value}</option>
        ) : null}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
