import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { ChartExportMenu } from './ChartExportMenu.tsx';
import type { ChartTable } from './chartExport.ts';
import { chartSvgDocument, savePng, saveSvg } from './saveImage.ts';
import './charts.css';

/** Height of every chart in CSS pixels; the width follows the card. */
export const CHART_HEIGHT = 340;
/** Narrowest a chart is drawn (CSS pixels): below it the card scrolls sideways rather than crush the axes. */
export const MIN_CHART_WIDTH = 480;

/**
 * A chart's frame: title, a note (what the axes mean, what is missing), "Show as table" (the chart's
 * numbers as a plain accessible table, instead of the chart, with an Export menu for that table) and
 * "Save image" as PNG or SVG. `exportContext`: the words an exported file is named and described by
 * (`view`, `league`, `season`).
 */
export function ChartFrame(props: {
  id: string;
  title: string;
  note?: ReactNode;
  table: ChartTable;
  exportContext: Readonly<Record<string, string>>;
  legend: readonly { label: string; colour: string }[];
  fileName: string;
  controls?: ReactNode;
  /** The chart at a width in CSS pixels: the card's content width, measured and followed as it changes. */
  children: (width: number) => ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const sizer = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  // The focused mark's numbers, shown beside it: Recharts' tooltip follows the pointer only.
  const [focusTip, setFocusTip] = useState<{ text: string; x: number; y: number } | null>(null);
  // Measured before the first paint and again whenever the card's width changes (window, sidebar, grid).
  useLayoutEffect(() => {
    const el = sizer.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(MIN_CHART_WIDTH, Math.floor(el.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const doc = () => {
    const svg = body.current?.querySelector<SVGSVGElement>('.recharts-wrapper > svg.recharts-surface');
    return svg ? chartSvgDocument(svg, props.title, props.legend) : null;
  };
  const save = (kind: 'png' | 'svg') => {
    setSaveError(null);
    const d = doc();
    if (!d) return setSaveError('Show the chart to save it as an image.');
    if (kind === 'svg') return saveSvg(d, props.fileName);
    savePng(d, props.fileName).catch((e: unknown) => setSaveError(e instanceof Error ? e.message : String(e)));
  };
  const titleId = `${props.id}-title`;
  return (
    <section className="card chart-card" aria-labelledby={titleId} data-chart={props.id}>
      <div ref={sizer} className="chart-sizer" aria-hidden="true" />
      <header className="section-head chart-head">
        <h2 id={titleId}>{props.title}</h2>
        <div className="chart-actions">
          {props.controls}
          <button type="button" className="btn small" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
            Show as table
          </button>
          {asTable ? <ChartExportMenu table={props.table} context={props.exportContext} /> : null}
          <fieldset aria-label="Save image" className="chart-save">
            <button type="button" className="btn small" onClick={() => save('png')} disabled={asTable}>
              Save PNG
            </button>
            <button type="button" className="btn small" onClick={() => save('svg')} disabled={asTable}>
              Save SVG
            </button>
          </fieldset>
        </div>
      </header>
      {props.note ? <p className="muted small chart-note">{props.note}</p> : null}
      {saveError ? (
        <p className="small chart-error" role="alert">
          {saveError}
        </p>
      ) : null}
      {asTable ? (
        <ChartDataTable title={props.title} table={props.table} />
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: the focus events are the marks' inside it, bubbling up; the body itself is not interactive
        <div
          ref={body}
          className="chart-body"
          onFocus={(e) => {
            const mark = (e.target as Element).closest('.chart-mark');
            const box = body.current?.getBoundingClientRect();
            if (!mark || !box) return setFocusTip(null);
            const r = mark.getBoundingClientRect();
            setFocusTip({
              text: mark.getAttribute('aria-label') ?? '',
              x: r.left - box.left + r.width / 2,
              y: r.top - box.top,
            });
          }}
          onBlur={() => setFocusTip(null)}
        >
          {/* The legend is plain HTML, not Recharts' own: one store entry and render pass fewer per chart. */}
          <ul className="chart-legend" aria-label="Legend">
            {props.legend.map((e) => (
              <li key={e.label}>
                <span className="chart-swatch" style={{ background: e.colour }} aria-hidden="true" />
                {e.label}
              </li>
            ))}
          </ul>
          {width === null ? <div style={{ height: CHART_HEIGHT }} /> : props.children(width)}
          {focusTip ? (
            // Hidden from assistive technology: the focused mark's own label already says the same.
            <div className="chart-tip chart-focus-tip" aria-hidden="true" style={{ left: focusTip.x, top: focusTip.y }}>
              {focusTip.text}
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}

/** A chart's numbers as a plain accessible table ("Show as table"): its columns and rows as the chart has them. */
function ChartDataTable(props: { title: string; table: ChartTable }) {
  return (
    <div className="table-scroll chart-table">
      <table className="plain">
        <caption className="visually-hidden">{props.title}</caption>
        <thead>
          <tr>
            {props.table.columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.table.rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are rebuilt whole from the chart data, hold no state and have no identity of their own
            <tr key={i}>
              {r.map((c, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place in the row is its identity
                <td key={j}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
