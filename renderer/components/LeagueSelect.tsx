import { Field, KeptOptions } from './Field.tsx';
import type { Option } from './options.ts';

/**
 * The League select of a view's toolbar: the leagues the key can see, by name. A league the URL names that
 * is not among them (outside the subscription, say) is kept as its own option, labelled `unlistedLabel`.
 */
export function LeagueSelect(props: {
  value: string | undefined;
  options: readonly Option[];
  loading: boolean;
  onChange: (slug: string) => void;
  /** The label of the URL's league when the list does not hold it (its name, and why). */
  unlistedLabel?: string;
}) {
  const { value } = props;
  return (
    <Field label="League">
      <select value={value ?? ''} onChange={(e) => props.onChange(e.currentTarget.value)} disabled={props.loading}>
        {value === undefined ? <option value="">{props.loading ? 'Loading…' : 'Choose a league'}</option> : null}
        <KeptOptions options={props.options} kept={props.loading ? undefined : value} keptLabel={props.unlistedLabel} />
      </select>
    </Field>
  );
}
