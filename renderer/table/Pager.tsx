import { PAGE_SIZES } from '../../shared/bridge/settings-defaults.ts';
import { formatInt } from '../../shared/columns/format.ts';
import './pager.css';

/** The range line of a pager: `1–25 of 312`, `0 of 0`. Offsets are 0-based; the text is 1-based. */
export function rangeText(offset: number, shown: number, total: number): string {
  // The catalog's one formatter: a new Intl.NumberFormat on each render of every pager costs about a
  // millisecond each time.
  if (total === 0 || shown === 0) return `0 of ${formatInt(total)}`;
  return `${formatInt(offset + 1)}–${formatInt(offset + shown)} of ${formatInt(total)}`;
}

export interface PagerProps {
  offset: number;
  limit: number;
  shown: number;
  total: number;
  canPrev: boolean;
  canNext: boolean;
  onFirst: () => void;
  onPrev: () => void;
  onNext: () => void;
  onLast: () => void;
  onPageSize: (size: number) => void;
  pageSizes?: readonly number[];
  /** Names the table for the controls' accessible names. */
  label: string;
}

/** First / previous / next / last, the range, and the page size. */
export function Pager(props: PagerProps) {
  const sizes = props.pageSizes ?? PAGE_SIZES;
  const options = sizes.includes(props.limit) ? sizes : [...sizes, props.limit].sort((a, b) => a - b);
  const pageCount = props.limit > 0 ? Math.max(1, Math.ceil(props.total / props.limit)) : 1;
  const page = props.limit > 0 ? Math.floor(props.offset / props.limit) + 1 : 1;
  return (
    <nav className="pager" aria-label={`${props.label} pages`}>
      <span className="pager-range" aria-live="polite">
        {rangeText(props.offset, props.shown, props.total)}
      </span>
      <span className="pager-page">
        Page {page} of {pageCount}
      </span>
      <div className="pager-buttons">
        {(
          [
            ['First page', '«', props.onFirst, props.canPrev],
            ['Previous page', '‹', props.onPrev, props.canPrev],
            ['Next page', '›', props.onNext, props.canNext],
            ['Last page', '»', props.onLast, props.canNext],
          ] as const
        ).map(([label, glyph, onClick, enabled]) => (
          <button
            key={label}
            type="button"
            className="icon-btn"
            onClick={onClick}
            disabled={!enabled}
            aria-label={label}
            title={label}
          >
            {glyph}
          </button>
        ))}
      </div>
      <label className="pager-size">
        Rows
        <select value={props.limit} onChange={(e) => props.onPageSize(Number(e.currentTarget.value))}>
          {options.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
