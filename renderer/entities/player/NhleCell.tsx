import type { LeaderNhle } from '../../../shared/domain/leaders.ts';
import '../league/factor-marks.css';
import { formatFixed } from '../../format/index.ts';

/**
 * An NHLe value in a table cell: the number (marked when it rests on the scout's own pinned factor), or
 * "no factor" when the line's league has none (never a zero that would read as a real value).
 */
export function NhleCell(props: {
  nhle: Pick<LeaderNhle, 'factor' | 'pinned'> | null;
  value: number | null;
  digits: number;
}) {
  const { nhle, value, digits } = props;
  if (nhle === null) return <span className="muted">—</span>;
  if (nhle.factor === null || value === null)
    return (
      <span className="nhle-none" title="This league has no factor into the NHL yet: see League factors">
        no factor
      </span>
    );
  const text = formatFixed(value, digits);
  return nhle.pinned ? (
    <span className="nhle-pinned" title={`Your pinned factor ×${formatFixed(nhle.factor, 3)}`}>
      {text}
      <span aria-hidden="true">*</span>
    </span>
  ) : (
    <span title={`Factor ×${formatFixed(nhle.factor, 3)}`}>{text}</span>
  );
}
