/** The note of player `i` in a burst of saves: long enough to fill pages, and telling which save it was. */
export const burstNote = (i: number) => `Save ${i}: ${'skates hard, finishes his checks, '.repeat(8)}end ${i}`;

/** The report draft as saved the `i`-th time: its notes are {@link burstNote}(i), its skating grade moves with it. */
export const draftOf = (i: number) => ({
  playerId: 7,
  player: { name: 'Draft Prospect', position: 'C', dateOfBirth: null },
  gameDate: '2026-11-20',
  homeTeam: 'Regina Pats',
  awayTeam: 'Moose Jaw Warriors',
  league: 'WHL',
  score: '',
  positionPlayed: 'C',
  kind: 'skater' as const,
  grades: { skating: 1 + (i % 19) / 2 },
  projection: null,
  strengths: '',
  weaknesses: '',
  notes: burstNote(i),
  status: 'draft' as const,
});
