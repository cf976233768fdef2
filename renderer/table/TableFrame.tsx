import type { CSSProperties, ReactNode, RefObject } from 'react';
import type { ColumnSpec } from '../../shared/columns/index.ts';
import { type ColumnCells, TABLE_CELLS, useColumnsInView } from './useColumnsInView.ts';
import './table.css';

/**
 * The frame around a table's scroll container (`children`): while columns lie past its right edge, the
 * edge is shaded and a "N more columns →" button brings in the next of them; a column the view newly asks
 * for, or newly sorts by, is scrolled into view (useColumnsInView.ts). `asked`: the view's columns;
 * `shown`: those drawn, in order, one header cell each; `ready`: the rows of the current query are drawn;
 * `cells`: where the header cells, rows and content are in the scroll container (a `<table>`'s by default).
 */
export function TableFrame(props: {
  scrollRef: RefObject<HTMLDivElement | null>;
  asked: readonly Pick<ColumnSpec, 'id'>[];
  shown: readonly Pick<ColumnSpec, 'id'>[];
  sortedId: string | undefined;
  ready: boolean;
  cells?: ColumnCells;
  children: ReactNode;
}) {
  const inView = useColumnsInView(
    props.scrollRef,
    props.asked.map((c) => c.id),
    props.shown.map((c) => c.id),
    props.sortedId,
    props.ready,
    props.cells ?? TABLE_CELLS,
  );
  const { more } = inView;
  const bars = { '--bar-right': `${inView.bars.right}px`, '--bar-bottom': `${inView.bars.bottom}px` };
  return (
    <div className={`table-frame${more > 0 ? ' more-right' : ''}`} style={bars as CSSProperties}>
      {props.children}
      {more > 0 ? (
        <button type="button" className="more-columns" onClick={inView.showMore}>
          {more === 1 ? '1 more column' : `${more} more columns`} →
        </button>
      ) : null}
    </div>
  );
}
