/** The note of player `i` in a burst of saves: long enough to fill pages, and telling which save it was. */
export const burstNote = (i: number) => `Save ${i}: ${'skates hard, finishes his checks, '.repeat(8)}end ${i}`;
