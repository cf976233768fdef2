import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useMemo } from 'react';
import { OVERSCAN, ROW_HEIGHT, VIRTUAL_THRESHOLD } from './rowMetrics.ts';

/** A line of the body: a group's header row or a record's row (`index` into the page's rows). */
export type BodyItem<Row> = { kind: 'group'; label: string; key: string } | { kind: 'row'; row: Row; index: number };

/**
 * The body's lines and the window of them that is rendered. When the first sort key groups rows
 * (`groupOf`: standings by `group`), a header line starts each group. Above {@link VIRTUAL_THRESHOLD}
 * lines the body is virtualised: only the lines on screen (and {@link OVERSCAN} beyond) are rendered.
 *
 * `itemOfRow[i]` is the line of row `i` (group lines sit between rows), for scrolling to a row.
 */
export function useRowWindow<Row>(
  rows: readonly Row[],
  groupOf: ((row: Row) => string | null | undefined) | undefined,
  scrollRef: RefObject<HTMLDivElement | null>,
) {
  const { list, itemOfRow } = useMemo(() => {
    const out: BodyItem<Row>[] = [];
    const of: number[] = [];
    let last: string | null | undefined;
    rows.forEach((row, index) => {
      if (groupOf) {
        const g = groupOf(row) ?? null;
        if (index === 0 || g !== last) out.push({ kind: 'group', label: g ?? 'No group', key: `group:${g}:${index}` });
        last = g;
      }
      of.push(out.length);
      out.push({ kind: 'row', row, index });
    });
    return { list: out, itemOfRow: of };
  }, [rows, groupOf]);
  const virtual = list.length > VIRTUAL_THRESHOLD;
  const virtualizer = useVirtualizer({
    count: list.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    enabled: virtual,
  });
  return { items: list, itemOfRow, virtual, virtualizer };
}

/** The window {@link useRowWindow} gives. */
export type RowWindow<Row> = ReturnType<typeof useRowWindow<Row>>;
