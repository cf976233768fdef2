/**
 * The bidirectional controls and marks by their UAX #9 names, written out here for the tests (never taken
 * from the code under test): embeddings and overrides LRE RLE LRO RLO closed by PDF; isolates LRI RLI FSI
 * closed by PDI; the marks LRM RLM ALM.
 */
export const BIDI = {
  LRE: '\u202a',
  RLE: '\u202b',
  PDF: '\u202c',
  LRO: '\u202d',
  RLO: '\u202e',
  LRI: '\u2066',
  RLI: '\u2067',
  FSI: '\u2068',
  PDI: '\u2069',
  LRM: '\u200e',
  RLM: '\u200f',
  ALM: '\u061c',
} as const;
