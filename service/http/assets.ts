import { createHash } from 'node:crypto';

/**
 * Placeholder images for the `logoUrl`/`imageUrl`/`photo` URLs of records
 * (`/assets/{kind}/{id}/{variant}.svg`): a coloured square with the id's initials, so the app shows
 * something without external hosts. Null for any other path.
 */
export function placeholderSvg(pathname: string): string | null {
  const m = /^\/assets\/([a-z]+)\/([A-Za-z0-9._-]{1,64})\/([a-z]+)\.svg$/.exec(pathname);
  if (!m) return null;
  const [, kind, id] = m as unknown as [string, string, string];
  const hue = createHash('sha1').update(`${kind}/${id}`).digest()[0] ?? 0;
  const label = id.slice(0, 3).toUpperCase();
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">' +
    `<rect width="128" height="128" rx="16" fill="hsl(${Math.round((hue / 255) * 360)},45%,40%)"/>` +
    `<text x="64" y="76" font-family="sans-serif" font-size="36" fill="#fff" text-anchor="middle">${label}</text></svg>`
  );
}
