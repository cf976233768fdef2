import type { ReactNode } from 'react';
import type { Option } from './options.ts';

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

/**
 * A select's `options`, after `kept` as an option of its own (labelled `keptLabel`, default the value)
 * when none of them has that value: a value the URL names stays shown though the list lacks it.
 */
export function KeptOptions(props: {
  options: readonly Option[];
  kept: string | undefined;
  keptLabel?: string | undefined;
}) {
  const { options, kept } = props;
  return (
    <>
      {kept !== undefined && !options.some((o) => o.value === kept) ? (
        <option value={kept}>{props.keptLabel ?? kept}</option>
      ) : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
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
        <KeptOptions options={props.options} kept={props.value || undefined} />
      </select>
    </Field>
  );
}

/**
 * The Season select of a league's season slugs (`2023-2024`), newest first as given. The season asked
 * for shows even when the list lacks it (a 403 on the league's seasons, or a link from elsewhere); with no
 * seasons and none asked for it says `emptyLabel` ("Loading…", "No seasons") and is disabled.
 */
export function SeasonSelect(props: {
  value: string | undefined;
  seasons: readonly { slug: string }[];
  onChange: (slug: string) => void;
  emptyLabel?: string;
}) {
  const { value, seasons } = props;
  return (
    <Field label="Season">
      <select
        value={value ?? ''}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        disabled={seasons.length === 0 && value === undefined}
      >
        {seasons.length === 0 && value === undefined ? (
          <option value="">{props.emptyLabel ?? 'Loading…'}</option>
        ) : null}
        <KeptOptions options={seasons.map((s) => ({ value: s.slug, label: s.slug }))} kept={value} />
      </select>
    </Field>
  );
}
