/**
 * The renderer's formatters, in one place: dates and times, numbers, seasons, positions. Views write
 * nothing of these on their own (a structure test checks it), so one style holds across the app.
 */
export * from './dates.ts';
export * from './numbers.ts';
export * from './positions.ts';
export * from './seasons.ts';
