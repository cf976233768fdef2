/**
 * Whether a kept entry is the player of the data in use: the player cache holds the entry's source,
 * and the cache's player of that id is the one kept (same birth date when both are known, else the same
 * name, accents, case and spacing aside). Another database that numbers its players alike, or a
 * database replaced under the same identity, never gets a note of another player.
 */

export { sameName, samePlayer } from '../../shared/domain/same-player.ts';
