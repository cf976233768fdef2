/** A small line icon of the navigation (inline SVG: no icon font, nothing fetched), drawn by path `d`. */
export function NavSvg({ d }: { d: string }) {
  return (
    <svg className="nav-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
