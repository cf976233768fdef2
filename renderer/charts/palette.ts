/**
 * Okabe–Ito colours (a palette told apart under the common colour-vision deficiencies), darkest first so
 * the first teams read well on white; the yellow comes last. "Other" marks use a neutral grey.
 */
export const PALETTE = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#D55E00',
  '#CC79A7',
  '#56B4E9',
  '#000000',
  '#B8A200',
] as const;

/** Grey of marks that are not chosen (the rest of the league). */
export const OTHER = '#9AA0A6';

/** The colour of the i-th chosen team. */
export const colourOf = (i: number): string => PALETTE[i % PALETTE.length] as string;
