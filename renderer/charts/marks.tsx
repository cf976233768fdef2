/**
 * Focusable chart marks: each point or bar is a `<g tabIndex=0 role="img">` whose `aria-label` carries
 * its exact numbers, so a keyboard or screen-reader user reaches every value the chart draws.
 */

/** What Recharts passes a custom shape (the fields these marks read). */
export interface ShapeProps {
  cx?: number;
  cy?: number;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  fill?: string;
  payload?: unknown;
}

/** A focusable circle at (cx, cy). */
export function PointMark(props: {
  cx?: number;
  cy?: number;
  r?: number;
  fill: string;
  label: string;
  stroke?: string;
}) {
  if (typeof props.cx !== 'number' || typeof props.cy !== 'number') return null;
  return (
    // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: SVG has no semantic element for a data point; it is focusable so keyboard users reach its tooltip, and role img reads its label
    <g className="chart-mark" tabIndex={0} role="img" aria-label={props.label}>
      <circle
        cx={props.cx}
        cy={props.cy}
        r={props.r ?? 5}
        fill={props.fill}
        stroke={props.stroke ?? '#fff'}
        strokeWidth={1}
      />
    </g>
  );
}

/**
 * A focusable bar; a negative height (a bar below the zero line) is drawn downwards. `muted`: drawn pale
 * with an outline (a bar that says "more", not "better").
 */
export function BarMark(props: ShapeProps & { fill: string; label: string; muted?: boolean }) {
  const { x, y, width, height } = props;
  if (typeof x !== 'number' || typeof y !== 'number' || typeof width !== 'number' || typeof height !== 'number')
    return null;
  const top = height < 0 ? y + height : y;
  return (
    // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: SVG has no semantic element for a data point; it is focusable so keyboard users reach its tooltip, and role img reads its label
    <g className="chart-mark" tabIndex={0} role="img" aria-label={props.label}>
      <rect
        x={x}
        y={top}
        width={width}
        height={Math.max(Math.abs(height), 1)}
        fill={props.fill}
        fillOpacity={props.muted ? 0.35 : 1}
        stroke={props.muted ? props.fill : undefined}
        strokeWidth={props.muted ? 1 : undefined}
      />
    </g>
  );
}

/** What Recharts passes a custom axis tick (the fields {@link AxisTick} reads). */
interface TickProps {
  x?: number;
  y?: number;
  textAnchor?: 'start' | 'middle' | 'end' | 'inherit';
  verticalAnchor?: 'start' | 'middle' | 'end';
  angle?: number;
  fill?: string;
  className?: string;
  index?: number;
  payload?: { value?: unknown };
  tickFormatter?: (value: unknown, index: number) => unknown;
}

// Recharts' own Text places a line by its vertical anchor with these offsets.
const ANCHOR_DY = { start: '0.71em', middle: '0.355em', end: '0' } as const;

/**
 * An axis tick label as one plain SVG `<text>`. Recharts' default tick is its `Text` component, which
 * measures every word of every label in the DOM (it wraps text to the axis width); tick labels here are
 * short and break only where they say (`\n` in the formatted value), so that measuring is skipped.
 * `fontSize` in CSS pixels.
 */
export function AxisTick(props: TickProps & { fontSize: number }) {
  const { x, y, payload, tickFormatter, index = 0 } = props;
  if (typeof x !== 'number' || typeof y !== 'number') return null;
  const value = tickFormatter ? tickFormatter(payload?.value, index) : payload?.value;
  const lines = String(value ?? '').split('\n');
  return (
    <text
      x={x}
      y={y}
      dy={ANCHOR_DY[props.verticalAnchor ?? 'middle']}
      textAnchor={props.textAnchor === 'inherit' ? undefined : props.textAnchor}
      fontSize={props.fontSize}
      fill={props.fill ?? '#444'}
      className={props.className}
      transform={props.angle ? `rotate(${props.angle}, ${x}, ${y})` : undefined}
    >
      {lines.length === 1
        ? lines[0]
        : lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a line's place in the label is its identity
            <tspan key={i} x={x} dy={i === 0 ? undefined : '1.1em'}>
              {line}
            </tspan>
          ))}
    </text>
  );
}
