import type { CSSProperties } from 'react';

/** WCAG 2.1 relative luminance of an sRGB channel given as 0–255. */
const channel = (c: number): number => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2.1 relative luminance of `#rgb` or `#rrggbb` (alpha ignored); null for anything else. */
export function luminance(hex: string): number | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex);
  if (!m?.[1]) return null;
  const d =
    m[1].length <= 4 ? [...m[1].slice(0, 3)].map((x) => x + x) : [m[1].slice(0, 2), m[1].slice(2, 4), m[1].slice(4, 6)];
  const [r, g, b] = d.map((x) => channel(Number.parseInt(x, 16)));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** Dark text for light backgrounds. */
const DARK_TEXT = '#111111';

/**
 * The style of an avatar on a team's colour (a hex from the service): the colour as its background and
 * white or dark initials, whichever contrasts more (WCAG 2.1 contrast ratio, so a gold or white club
 * still reads). Undefined for a colour that is not a hex (the default avatar's colours apply).
 */
export function avatarStyle(colour: string | null | undefined): CSSProperties | undefined {
  const l = colour ? luminance(colour) : null;
  if (colour == null || l === null) return undefined;
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / ((luminance(DARK_TEXT) ?? 0) + 0.05);
  return { backgroundColor: colour, color: onWhite >= onDark ? '#fff' : DARK_TEXT };
}
