import { z } from 'zod';
import { DateOfBirthSchema, ListNameSchema, NoteSchema, RatingSchema } from '../../../shared/lists.ts';

/**
 * The `rinkside-lists` file (store/lists/FORMAT.md): the scout's lists in one JSON document, versioned.
 * `version` is the format's one version number: a reader of version N reads every version up to N and
 * refuses a newer one (naming `version`) rather than drop what it does not know. Every object is closed
 * (an unknown key is an error naming it); anything new, such as the scouting reports and draft boards a
 * later version will carry beside `lists`, comes with a new version.
 */

/** The `format` of every such file. */
export const LISTS_FORMAT = 'rinkside-lists';
/** The version this code writes, and the newest it reads. */
export const LISTS_FORMAT_VERSION = 1;
export { LISTS_FILE_MAX_CHARS } from '../../../shared/lists-safety.ts';

/** A time as ISO 8601 with its offset (the app writes UTC, `…Z`). */
const Time = z.iso.datetime({ offset: true, error: 'a date-time such as 2026-11-25T13:47:00.000Z' });

/** A player id in the file: a whole number, not a text. */
const PlayerId = z
  .number({ error: 'a number' })
  .int('a whole number')
  .positive('a positive number')
  .max(2 ** 31 - 1);

/** Who the player is: where he is from (shared/sources.ts), his id there, and his identity as kept. */
export const FilePlayerSchema = z
  .object({
    source: z.string({ error: 'a text' }).min(1, 'empty').max(4096),
    id: PlayerId,
    name: z.string({ error: 'a text' }).trim().min(1, 'the player name is empty').max(200),
    dateOfBirth: DateOfBirthSchema,
    position: z.string({ error: 'a text or null' }).max(8).nullable(),
  })
  .strict();

export const FileEntrySchema = z
  .object({
    player: FilePlayerSchema,
    rating: RatingSchema,
    note: NoteSchema,
    previousNote: z.object({ text: NoteSchema, at: Time }).strict().nullable(),
    addedAt: Time,
    updatedAt: Time,
  })
  .strict();

export const FileListSchema = z
  .object({
    name: ListNameSchema,
    createdAt: Time,
    updatedAt: Time,
    entries: z.array(FileEntrySchema).max(100_000),
  })
  .strict()
  .superRefine((list, ctx) => {
    const seen = new Map<string, number>();
    list.entries.forEach((e, i) => {
      const key = `${e.player.source}\u0000${e.player.id}`;
      const first = seen.get(key);
      if (first !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['entries', i, 'player'],
          message: `the same player as entries[${first}] (source and id)`,
        });
      } else seen.set(key, i);
    });
  });

/** What opens every file: which format and version it is (checked before the rest). */
export const FileHeaderSchema = z.object({
  format: z.literal(LISTS_FORMAT, { error: `not "${LISTS_FORMAT}"` }),
  version: z.number({ error: 'a whole number' }).int('a whole number').min(1, 'a whole number from 1'),
});

export const ListsDocumentSchema = z
  .object({
    format: z.literal(LISTS_FORMAT),
    version: z.literal(LISTS_FORMAT_VERSION),
    exportedAt: Time,
    app: z.string({ error: 'a text' }).max(200),
    lists: z.array(FileListSchema).max(10_000),
  })
  .strict()
  .superRefine((doc, ctx) => {
    const seen = new Map<string, number>();
    doc.lists.forEach((l, i) => {
      const key = l.name.toLocaleLowerCase('en');
      const first = seen.get(key);
      if (first !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['lists', i, 'name'], message: `the same name as lists[${first}]` });
      } else seen.set(key, i);
    });
  });

/** A `rinkside-lists` document of this version. */
export type ListsDocument = z.output<typeof ListsDocumentSchema>;
export type FileList = z.output<typeof FileListSchema>;
export type FileEntry = z.output<typeof FileEntrySchema>;
