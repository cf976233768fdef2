/** Initials of a team for its logo placeholder: `Boston Bruins` → `BB`. */
export function initials(name: string | null | undefined): string {
  if (!name) return '?';
  const words = name.split(/\s+/).filter((w) => /^[\p{L}\p{N}]/u.test(w));
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0]];
  return letters
    .map((w) => (w ? [...w][0] : ''))
    .join('')
    .toUpperCase();
}

/** An enumeration value as a label: `not-active` → `Not active`, `men` → `Men`. */
export function statusLabel(value: string): string {
  const s = value.replace(/-/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}
