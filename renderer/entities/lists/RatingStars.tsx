import { useId } from 'react';
import './rating-stars.css';

/** Words of each rating, for screen readers and tooltips. */
export const RATING_WORDS = ['', 'Poor', 'Below average', 'Average', 'Good', 'Excellent'] as const;

/**
 * A 1-5 star rating as a native radio group (one Tab stop; arrow keys move and choose, as radios do).
 * Clicking the chosen star again clears the rating (null). `label` names the group (`Rating of Ken
 * Dryden`); `small` is the table's compact form.
 */
export function RatingStars(props: {
  value: number | null;
  onChange: (rating: number | null) => void;
  label: string;
  small?: boolean;
  disabled?: boolean;
}) {
  const name = useId();
  const { value, onChange } = props;
  return (
    <fieldset
      className={props.small ? 'rating-stars small' : 'rating-stars'}
      aria-label={props.label}
      disabled={props.disabled}
    >
      {[1, 2, 3, 4, 5].map((n) => {
        // The chosen stars are filled, the rest hollow: the rating reads by shape, not by colour alone.
        const on = value !== null && n <= value;
        return (
          <label key={n} className={on ? 'star on' : 'star'} title={`${n} – ${RATING_WORDS[n]}`}>
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={n}
              checked={value === n}
              aria-label={`${n} of 5 (${RATING_WORDS[n]})`}
              onChange={() => onChange(n)}
              onClick={() => {
                // A radio's change does not fire for the checked one: a second click on it clears.
                if (value === n) onChange(null);
              }}
            />
            <span aria-hidden="true">{on ? '★' : '☆'}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
