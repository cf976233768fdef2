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

/** A focusable bar; a negative height (a bar below the zero line) is drawn downwards. */
export function BarMark(props: ShapeProps & { fill: string; label: string }) {
  const { x, y, width, height } = props;
  if (typeof x !== 'number' || typeof y !== 'number' || typeof width !== 'number' || typeof height !== 'number')
    return null;
  const top = height < 0 ? y + height : y;
  return (
    // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: SVG has no semantic element for a data point; it is focusable so keyboard users reach its tooltip, and role img reads its label
    <g className="chart-mark" tabIndex={0} role="img" aria-label={props.label}>
      <rect x={x} y={top} width={width} height={Math.max(Math.abs(height), 1)} fill={props.fill} />
    </g>
  );
}
