import { z } from 'zod';
import type { ListEnvelope } from '../contract/envelope.ts';
import { IdSchema } from '../contract/id.ts';
import { LIMIT_MAX, LIMIT_MIN } from '../contract/spec.ts';
import { wholeNumberSchema } from '../contract/whole-number.ts';
import { parseSortTokens, type SortTerm } from '../query/list-engine.ts';
import { ENTRY_DEFAULT_SORT, ENTRY_SORT_KEYS, LIST_NAME_MAX, NOTE_MAX } from './list-limits.ts';
import { PlayerNameSchema, refuseUnsafeText } from './text-schemas.ts';

/**
 * Scouting lists: named lists of players, each entry with a rating (1-5, or none yet) and a private note.
 * They live only in the local store (store/lists/) and are never sent to the
 * service, which is read-only. The schemas here check every input twice: at the bridge (the page is
 * untrusted) and in the store itself (so a bad value never reaches the file whoever calls it).
 */

export * from './list-limits.ts';

/** A database id: a positive 32-bit integer, as a number or in digits (shared/contract/id.ts). */
export { IdSchema };

/**
 * A list's name as the scout types it: trimmed, 1-80 characters, no control characters, every
 * bidirectional control paired (shared/domain/text-safety.ts).
 */
export const ListNameSchema = z
  .string({ error: 'a text' })
  .trim()
  .min(1, 'the list name is empty')
  .max(LIST_NAME_MAX, `the list name is longer than ${LIST_NAME_MAX} characters`)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'the list name has control characters')
  .superRefine(refuseUnsafeText);

/** A rating: a whole number from 1 to 5, or null for "not rated yet". */
export const RatingSchema = z
  .number({ error: 'a whole number from 1 to 5, or null' })
  .int('a whole number from 1 to 5')
  .min(1, 'a whole number from 1 to 5')
  .max(5, 'a whole number from 1 to 5')
  .nullable();

/** A private note: any text up to 4000 characters (empty: no note) but a NUL or an unpaired bidi control. */
export const NoteSchema = z
  .string({ error: 'a text' })
  .max(NOTE_MAX, `the note is longer than ${NOTE_MAX} characters`)
  .superRefine(refuseUnsafeText);

/** A birth date as the spec gives it (`YYYY-MM-DD`), or null when unknown. */
export const DateOfBirthSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .nullable();

/**
 * A player as shown where the scout picked him (his name, position and birth date): kept with a list
 * entry, a board's row or a report as his identity when the store has no row for him.
 */
export const ShownPlayerSchema = z
  .object({
    name: PlayerNameSchema,
    position: z.string().max(8).nullable().default(null),
    dateOfBirth: DateOfBirthSchema.default(null),
  })
  .strict();

/**
 * What the page sends to star a player of the data in use into a list (or update his rating and note
 * there); the host adds which source he is from (shared/domain/sources.ts). `player` is the name, position and
 * birth date shown where he was starred: kept as his identity when the store has no row for him.
 * `rating` and `note` absent keep the entry's current values (none and empty for a new entry).
 */
export const EntrySaveSchema = z
  .object({
    listId: IdSchema,
    playerId: IdSchema,
    player: ShownPlayerSchema.optional(),
    rating: RatingSchema.optional(),
    note: NoteSchema.optional(),
  })
  .strict();
/** What a save of an entry takes (before parsing). */
export type EntrySave = z.input<typeof EntrySaveSchema>;

/**
 * Players as records name them (a report, an assignment, a coverage row, a board's entry: his source, id,
 * and his name and birth date as kept), asked of the host to know which are the data in use's player of
 * that id, the rule of {@link ListEntryRecord}'s `linked` (`scoutingPlayersInUse`). At most 5000 at once.
 */
export const KeptPlayersSchema = z
  .object({
    players: z
      .array(
        z
          .object({
            source: z.string().min(1).max(4096),
            playerId: IdSchema,
            name: PlayerNameSchema,
            dateOfBirth: DateOfBirthSchema.default(null),
          })
          .strict(),
      )
      .max(5000),
  })
  .strict();
/** The players asked about (before parsing). */
export type KeptPlayers = z.input<typeof KeptPlayersSchema>;

/**
 * A change to one entry by its own id (`entryId` of {@link ListEntryRecord}), whatever source its player is
 * from: the rating and the note edited in a list's table. Absent: kept.
 */
export const EntryEditSchema = z
  .object({ entryId: IdSchema, rating: RatingSchema.optional(), note: NoteSchema.optional() })
  .strict();
/** What an edit of an entry takes (before parsing). */
export type EntryEdit = z.input<typeof EntryEditSchema>;

/**
 * A list's table query: `sort` tokens (`-rating,name`: keys of {@link ENTRY_SORT_KEYS}, read by the shared
 * list-query engine, so an unknown key is refused naming `sort` and its allowed values; empty: the default
 * order), `offset` (0..1,000,000) and `limit` (0..1000), as strings or numbers.
 */
export const EntryQuerySchema = z
  .object({
    sort: z
      .string()
      .max(400)
      .default(ENTRY_DEFAULT_SORT.join(','))
      .transform((s, ctx): SortTerm[] => {
        const terms = parseSortTokens(s.trim() === '' ? ENTRY_DEFAULT_SORT.join(',') : s, ENTRY_SORT_KEYS);
        if (terms.ok) return terms.value;
        ctx.addIssue({ code: 'custom', message: terms.issue.message, params: { allowed: terms.issue.allowed } });
        return z.NEVER;
      }),
    offset: wholeNumberSchema(0, 1_000_000).default(0),
    limit: wholeNumberSchema(LIMIT_MIN, LIMIT_MAX).default(100),
  })
  .strict();
/** A parsed list query: sort terms, offset, limit. */
export type EntryQuery = z.output<typeof EntryQuerySchema>;

/** A scouting list. Times are ISO 8601 UTC. */
export interface ScoutingList {
  id: number;
  /** Its global id (a UUID): one list across files and on the department's server. */
  uid: string;
  name: string;
  /**
   * Whose it is: empty for this computer's scout before a department is set, else the login role that made
   * it (his own once he has one, or a colleague's).
   */
  owner: string;
  /** A colleague's name as the department shows it; empty for the scout's own lists. */
  scout: string;
  /** Shared with the department: readable by every scout, written by its owner only. */
  shared: boolean;
  /** A colleague's list: the store refuses every change to it and its entries. */
  readOnly: boolean;
  createdAt: string;
  updatedAt: string;
  /** Players in it. */
  entryCount: number;
}

/**
 * One player of a list with his latest stats from the store: the regular season of his newest synced
 * season, summed over the teams he played for in it (GP, and G A PTS for skaters; GAA and SV% for
 * goalies, unrounded, from his summed GA, SA and minutes for one team or several: shared/domain/rates.ts's
 * goalieRates). Stats are null when the store holds no season of his.
 */
export interface ListEntryRecord {
  /** The player's id in his source (one entry per player and source in a list). */
  id: number;
  /** The entry's own id (edits and removal address it). */
  entryId: number;
  listId: number;
  /** Where the player is from (shared/domain/sources.ts): a base URL, or `embedded:<databaseId>`. */
  source: string;
  /**
   * Whether the player is the data in use's player `id`: of the source in use, and not another player under
   * the same id (his name and birth date as kept agree with the store's). When false the entry shows his
   * kept identity and note only: no stats, no link to a player page.
   */
  linked: boolean;
  name: string;
  position: string | null;
  /** As kept when he was starred (or as the store has it); null when unknown. */
  dateOfBirth: string | null;
  latestSeason: string | null;
  /** The team(s) of the latest season, `A / B` when he played for two. */
  team: string | null;
  GP: number | null;
  G: number | null;
  A: number | null;
  PTS: number | null;
  GAA: number | null;
  /** Save percentage, a fraction 0..1. */
  SVP: number | null;
  rating: number | null;
  note: string;
  /** The note an import replaced with a newer one (or found older than this one), kept; null when none. */
  previousNote: string | null;
  /** When that note was written (ISO 8601 UTC). */
  previousNoteAt: string | null;
  addedAt: string;
  updatedAt: string;
}

/** A player's entry in one list, as the "Add to list" popover shows it. */
export interface PlayerListing {
  entryId: number;
  listId: number;
  listName: string;
  rating: number | null;
  note: string;
  addedAt: string;
}

/** A list's entries page in the spec's envelope, with the list itself. */
export type ListEntriesPage = ListEnvelope<ListEntryRecord> & { list: ScoutingList };

/**
 * The error a list operation throws for bad input, naming the field (`name`, `rating`, `listId` …) and,
 * for a closed set (`query.sort`), its allowed values.
 */
export class ListInputError extends Error {
  readonly key: string;
  readonly allowed: readonly string[] | undefined;
  constructor(key: string, message: string, allowed?: readonly string[]) {
    super(message);
    this.name = 'ListInputError';
    this.key = key;
    this.allowed = allowed;
  }
}

/** The error a list operation throws when the list (or the entry) does not exist. */
export class ListNotFoundError extends Error {
  readonly key: string;
  constructor(key: string, message: string) {
    super(message);
    this.name = 'ListNotFoundError';
    this.key = key;
  }
}

/**
 * Parses `value` with `schema`, or throws a {@link ListInputError} naming the field: `Invalid rating:
 * a whole number from 1 to 5`. `field` prefixes the path (the argument's name).
 */
export function parseListInput<S extends z.ZodType>(schema: S, value: unknown, field: string): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const key = [field, ...(issue?.path.map(String) ?? [])].filter((p) => p !== '').join('.') || 'arguments';
  const allowed =
    issue?.code === 'custom' ? (issue.params as { allowed?: readonly string[] } | undefined)?.allowed : undefined;
  throw new ListInputError(key, `Invalid ${key}: ${issue?.message ?? 'malformed'}`, allowed);
}
