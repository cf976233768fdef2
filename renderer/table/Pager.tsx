import { PAGE_SIZES } from '../../shared/bridge.ts';

/** The range line of a pager: `1–25 of 312`, `0 of 0`. Offsets are 0-based; the text is 1-based. */
export function rangeText(offset: number, shown: number, total: number): string {
  const fmt = new Intl.NumberFormat('en-US');
  if (total === 0 || shown === 0) return `0 of ${fmt.format(total)}`;
  return `${fmt.format(offset + 1)}–${fmt.format(offset + shown)} of ${fmt.format(total)}`;
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
        <button
          type="button"
          className="icon-btn"
          onClick={props.onFirst}
          disabled={!props.canPrev}
          aria-label="First page"
          title="First page"
        >
          «
        </button>
        <button
          type="button"
          className="icon-btn"
          onClick={props.onPrev}
          disabled={!props.canPrev}
          aria-label="Previous page"
          title="Previous page"
        >
          ‹
        </button>
        <button
          type="button"
          className="icon-btn"
          onClick={props.onNext}
          disabled={!props.canNext}
          aria-label="Next page"
          title="Next page"
        >
          ›
        </button>
        <button
          type="button"
          className="icon-btn"
          onClick={props.onLast}
          disabled={!props.canNext}
          aria-label="Last page"
          title="Last page"
        >
          »
        </button>
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
