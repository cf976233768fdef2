import { type FormEvent, useEffect, useId, useState } from 'react';
import { toServiceError } from '../../bridge/client.ts';
import { useSetThreshold } from '../../entities/department/useAssignments.ts';
import { formatGrade } from '../../format/index.ts';

/** The threshold's bounds and step, in grade points (the server's check: 0.5 to 9 in half points). */
const MIN = 0.5;
const MAX = 9;

/** Why a typed threshold cannot be set, or null when it can. */
function problemOf(text: string): string | null {
  const t = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(t)) return 'Type the threshold as a number of grade points, such as 2.';
  if (t < MIN || t > MAX || !Number.isInteger(t * 2))
    return `The threshold is from ${formatGrade(MIN)} to ${formatGrade(MAX)} grade points, in half points (2 or 2.5).`;
  return null;
}

/**
 * The department's disagreement threshold, where its flags are read: a director sets it for the whole
 * department (written here, sent with the next sync; every scout's coverage marks disagreement by it from
 * his next sync on); a scout reads it. Out-of-range or non-number text is refused with a sentence before
 * anything is sent. The threshold is a span of grades, so it is written as grades are ({@link formatGrade}:
 * `2`, `2.5`), the same in its box, its sentence and its messages; the setting is one compact row (its
 * title, the labelled box, the button beside it) with its explanation under it.
 */
export function ThresholdSetting(props: { threshold: number; director: boolean }) {
  const id = useId();
  const set = useSetThreshold();
  const [text, setText] = useState(formatGrade(props.threshold));
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState('');
  useEffect(() => setText(formatGrade(props.threshold)), [props.threshold]);
  const shown = formatGrade(props.threshold);
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
      onSuccess: (t) => setDone(`Set to ${formatGrade(t)} for the department; sent with the next sync.`),
    });
  };
  const error = problem ?? (set.isError ? `Could not set it: ${toServiceError(set.error).message}` : null);
  return (
    <form className="toolbar coverage-threshold" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <span id={`${id}-title`} className="coverage-threshold-title">
        Department setting
      </span>
      <label className="inline-field">
        <span className="field-label">Disagree over (grade points)</span>
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
      </label>
      <button type="submit" className="btn" disabled={set.isPending}>
        Set for the department
      </button>
      <span className="muted small" role="status">
        {error ? '' : done}
      </span>
      <span id={`${id}-help`} className="muted small coverage-threshold-help">
        An area is flagged when its grades’ range is over this: {formatGrade(MIN)} to {formatGrade(MAX)}, in half
        points. Now {shown}.
      </span>
      {error ? (
        <span className="notice error coverage-threshold-error" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}
