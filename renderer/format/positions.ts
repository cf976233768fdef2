/**
 * One vocabulary of positions: the letters hockey's tables use (`C`, `LW`, `RW`, `W`, `F`, `D`, `G`), and,
 * where a view has room for words, the word with its letters after it, as a nationality is written with its
 * code: `Centre (C)`, `Goaltender (G)`. A table's cell and a heading then name a player's position alike.
 */

const WORDS: Readonly<Record<string, string>> = {
  G: 'Goaltender',
  D: 'Defence',
  F: 'Forward',
  C: 'Centre',
  W: 'Wing',
  LW: 'Left wing',
  RW: 'Right wing',
};

/** A position in words with its letters: `C` → `Centre (C)`; unknown letters as given; null when none. */
export function positionLabel(position: string | null | undefined): string | null {
  if (!position) return null;
  const code = position.toUpperCase();
  const word = WORDS[code];
  return word ? `${word} (${code})` : position;
}

/** A position group of comparables (shared/domain/nhle.ts): forwards or defence, with the letters it takes in. */
export function positionGroupLabel(group: 'F' | 'D'): string {
  return group === 'F' ? 'Forwards (C, LW, RW, F)' : 'Defence (D)';
}

/**
 * A position filter's choices, each as {@link positionLabel} says it. `forwardsGroup`: `F` chooses every
 * forward (the stats browser), not only players whose position is recorded as `F` (the Players directory).
 */
export function positionOptions(codes: readonly string[], forwardsGroup = false): { value: string; label: string }[] {
  return codes.map((value) => ({
    value,
    label: value === 'F' && forwardsGroup ? positionGroupLabel('F') : (positionLabel(value) ?? value),
  }));
}
