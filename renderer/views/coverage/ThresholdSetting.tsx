import { type FormEvent, useEffect, useId, useState } from 'react';
import { toServiceError } from '../../bridge/client.ts';
import { Field } from '../../components/Field.tsx';
import { useSetThreshold } from '../../entities/department/useAssignments.ts';
import { formatFixed } from '../../format/index.ts';

/** The threshold's bounds and step, in grade points (the server's check: 0.5 to 9 in half points). */
const MIN = 0.5;
const MAX = 9;

/** Why a typed threshold cannot be set, or null when it can. */
function problemOf(text: string): string | null {
  const t = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(t)) return 'Type the threshold as a number of grade points, such as 2.';
  if (t < MIN || t > MAX || !Number.isInteger(t * 2))
    return `The threshold is from ${formatFixed(MIN, 1)} to ${formatFixed(MAX, 1)} grade points, in half points (2 or 2.5).`;
  return null;
}

/**
 * The department's disagreement threshold, where its flags are read: a director sets it for the whole
 * department (written here, sent with the next sync; every scout's coverage marks disagreement by it from
 * his next sync on); a scout reads it. Out-of-range or non-number text is refused with a sentence before
 * anything is sent.
 */
export function ThresholdSetting(props: { threshold: number; director: boolean }) {
  const id = useId();
  const set = useSetThreshold();
  const [text, setText] = useState(String(props.threshold));
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState('');
  useEffect(() => setText(String(props.threshold)), [props.threshold]);
  const shown = formatFixed(props.threshold, 1);
  if (!props.director) {
    return (
      <p className="muted small coverage-threshold-read">
        Scouts disagree where an area’s grades range over {shown} points (the directors’ setting).
      </p>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone('');
    const p = problemOf(text);
    setProblem(p);
    if (p !== null) return;
    set.mutate(Number(text.trim()), {
      onSuccess: (t) => setDone(`Set to ${formatFixed(t, 1)} for the department; sent with the next sync.`),
    });
  };
  const error = problem ?? (set.isError ? `Could not set it: ${toServiceError(set.error).message}` : null);
  return (
    <form className="toolbar coverage-threshold" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <span id={`${id}-title`} className="coverage-threshold-title">
        Department setting
      </span>
      <Field label="Disagree over (grade points)">
        <input
          type="number"
          className="range-input"
          inputMode="decimal"
          min={MIN}
          max={MAX}
          step={0.5}
          value={text}
          aria-invalid={error !== null || undefined}
          aria-describedby={`${id}-help`}
          onChange={(e) => setText(e.currentTarget.value)}
        />
      </Field>
      <button type="submit" className="btn" disabled={set.isPending}>
        Set for the department
      </button>
      <span id={`${id}-help`} className="muted small coverage-threshold-help">
        An area is flagged when its grades’ range is over this: {formatFixed(MIN, 1)} to {formatFixed(MAX, 1)}, in half
        points. Now {shown}.
      </span>
      <span className="muted small" role="status">
        {error ? '' : done}
      </span>
      {error ? (
        <span className="notice error coverage-threshold-error" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}
