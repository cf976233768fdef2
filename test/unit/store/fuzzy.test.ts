import { describe, expect, it } from 'vitest';
import { closeness, editDistance, maxEdits, nameWords, wordDistance } from '../../../store/cache/fuzzy.ts';

// Distances worked out by hand in the comments.
describe('edit distance of search words', () => {
  it('a transposition of neighbours counts once', () => {
    // lemi-ue-x → lemi-eu-x: one swap.
    expect(editDistance('lemiuex', 'lemieux')).toBe(1);
    // Plain Levenshtein would count two substitutions.
    expect(editDistance('ab', 'ba')).toBe(1);
  });
  it('a letter left out, or changed, is one edit', () => {
    expect(editDistance('selane', 'selanne')).toBe(1);
    expect(editDistance('gretsky', 'gretzky')).toBe(1);
    expect(editDistance('gratskie', 'gretzky')).toBe(4);
  });
  it('a word typed half-way is compared with the start of the name', () => {
    // "grets" against "gretz…": one edit; against the whole "gretzky", three.
    expect(wordDistance('grets', 'gretzky')).toBe(1);
    expect(editDistance('grets', 'gretzky')).toBe(3);
  });
  it('ranks a whole name a few edits away before a longer name whose start is as close', () => {
    // "malkn" → "malkin": one letter left out. "maloney": three edits whole, its start "malon" one.
    expect(closeness('malkn', 'malkin')).toBe(1);
    expect(closeness('malkn', 'maloney')).toBe(1.5);
    // The same word is 0; a word started (a search of several words) is its start's edits and a half.
    expect(closeness('teemu', 'teemu')).toBe(0);
    expect(closeness('tee', 'teemu')).toBe(0.5);
  });
  it('allows no edit under four letters, one up to five, two from six', () => {
    expect([3, 4, 5, 6, 9].map(maxEdits)).toEqual([0, 1, 1, 2, 2]);
  });
  it('words are lower case, without diacritics', () => {
    expect(nameWords('Teemu Selänne')).toEqual(['teemu', 'selanne']);
    expect(nameWords("Jean-Sébastien O'Neill")).toEqual(['jean', 'sebastien', 'o', 'neill']);
  });
});
