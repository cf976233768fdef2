import { z } from 'zod';
import { TiersSchema } from '../../../shared/domain/boards.ts';
import { DateOfBirthSchema, ListNameSchema, NoteSchema, RatingSchema } from '../../../shared/domain/lists.ts';
import { ReportFieldsSchema } from '../../../shared/domain/reports.ts';
import { refuseUnsafeText } from '../../../shared/domain/text-schemas.ts';

/**
 * The `rinkside-lists` file (store/lists/FORMAT.md): the scout's lists in one JSON document, versioned.
 * `version` is the format's one version number: a reader of version N reads every version up to N and
 * refuses a newer one (naming `version`) rather than drop what it does not know. Every object is closed
 * (an unknown key is an error naming it); anything new comes with a new version. Version 2 adds the
 * scout's pinned league factors; version 3 the scouting reports and draft boards beside `lists`, and the
 * name of the scout who wrote the file; version 4 the global ids of lists, entries and boards and the
 * department login of the scout who wrote it (written only when a department is set up: FORMAT.md).
 */

/** The `format` of every such file. */
export const LISTS_FORMAT = 'rinkside-lists';
/**
 * The newest version this code reads and writes. A file is written at the lowest version that holds what it
 * carries: version 1 without pinned league factors, version 2 with them (`leagueFactors`), version 3 with
 * the scout's name, reports and boards (an export of all the lists), version 4 with the global ids of a
 * scout in a department (`owner`, `uid`).
 */
export const LISTS_FORMAT_VERSION = 4;

/** A record's global id in the file (version 4): a UUID. */
const Uid = z.uuid({ error: 'a UUID' });

export { LISTS_FILE_MAX_CHARS } from '../../../shared/bridge/lists-safety.ts';

/**
 * A text of the file: a string without NUL or unpaired bidirectional controls (shared/domain/text-safety.ts), so
 * that what one scout's file shows is what another's Rinkside reads. Notes and list names carry the rule
 * in their own schemas (shared/domain/lists.ts).
 */
const Text = () => z.string({ error: 'a text' }).superRefine(refuseUnsafeText);

/** A time as ISO 8601 with its offset (the app writes UTC, `…Z`). */
const Time = z.iso.datetime({ offset: true, error: 'a date-time such as 2026-11-25T13:47:00.000Z' });

/** A player id in the file: a whole number, not a text. */
const PlayerId = z
  .number({ error: 'a number' })
  .int('a whole number')
  .positive('a positive number')
  .max(2 ** 31 - 1);

/** Who the player is: where he is from (shared/domain/sources.ts), his id there, and his identity as kept. */
export const FilePlayerSchema = z
  .object({
    source: Text().min(1, 'empty').max(4096),
    id: PlayerId,
    name: Text().trim().min(1, 'the player name is empty').max(200),
    dateOfBirth: DateOfBirthSchema,
    position: z.string({ error: 'a text or null' }).max(8).superRefine(refuseUnsafeText).nullable(),
  })
  .strict();

export const FileEntrySchema = z
  .object({
    uid: Uid.optional(),
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
    uid: Uid.optional(),
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

/** A league factor the scout pinned (shared/domain/nhle.ts, `PinnedFactor`), as the file carries it (version 2). */
export const FileFactorSchema = z
  .object({
    league: z.string({ error: 'a text' }).regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'a league slug such as ohl'),
    factor: z.number({ error: 'a number' }).gt(0, 'greater than 0').max(10, 'at most 10'),
    note: Text().max(500, 'at most 500 characters'),
    pinnedAt: Time,
  })
  .strict();

/** A scout's name as a file gives it (empty: the file's `scout`, or this computer's scout when that is empty too). */
const ScoutName = Text().trim().max(80);

/** A scouting report in a file (version 3): its identity across files, whose it is, and its fields. */
export const FileReportSchema = ReportFieldsSchema.extend({
  uid: z.string({ error: 'a text' }).min(8, 'an identity of at least 8 characters').max(64),
  player: FilePlayerSchema,
  scout: ScoutName,
  createdAt: Time,
  updatedAt: Time,
}).strict();

/** A player on a board in a file: who he is, his tier by name, and whether he is of no interest. */
const FileBoardPlayerSchema = z
  .object({ player: FilePlayerSchema, tier: Text().trim().min(1).max(40), noInterest: z.boolean() })
  .strict();

/** A dated version of a board in a file: each player's rank and tier then. */
const FileVersionSchema = z
  .object({
    label: Text().trim().max(80),
    savedAt: Time,
    entries: z
      .array(
        z
          .object({
            player: z.object({ source: Text().min(1).max(4096), id: PlayerId, name: Text().max(200) }).strict(),
            tier: Text().max(40),
            rank: z.number().int().positive(),
          })
          .strict(),
      )
      .max(5000),
  })
  .strict();

/** A draft board in a file (version 3): players top to bottom, each tier one of `tiers`. */
export const FileBoardSchema = z
  .object({
    uid: Uid.optional(),
    name: ListNameSchema,
    scout: ScoutName,
    tiers: TiersSchema,
    createdAt: Time,
    updatedAt: Time,
    players: z.array(FileBoardPlayerSchema).max(5000),
    versions: z.array(FileVersionSchema).max(1000),
  })
  .strict()
  .superRefine((b, ctx) => {
    const tiers = new Set(b.tiers.map((t) => t.toLocaleLowerCase('en')));
    const seen = new Set<string>();
    b.players.forEach((p, i) => {
      if (!tiers.has(p.tier.toLocaleLowerCase('en')))
        ctx.addIssue({ code: 'custom', path: ['players', i, 'tier'], message: 'not one of the board’s tiers' });
      const key = `${p.player.source}\u0000${p.player.id}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['players', i, 'player'], message: 'on the board twice' });
      seen.add(key);
    });
  });

/** The places of the version-4 ids of a document: `owner` and every `uid` of a list, entry or board. */
function* idPlaces(doc: {
  owner?: string;
  lists: { uid?: string; entries: { uid?: string }[] }[];
  boards?: { uid?: string }[];
}): Generator<{ path: (string | number)[]; uid: string; kind: string }> {
  if (doc.owner !== undefined) yield { path: ['owner'], uid: '', kind: 'owner' };
  for (const [i, l] of doc.lists.entries()) {
    if (l.uid !== undefined) yield { path: ['lists', i, 'uid'], uid: l.uid, kind: 'list' };
    for (const [j, e] of l.entries.entries())
      if (e.uid !== undefined) yield { path: ['lists', i, 'entries', j, 'uid'], uid: e.uid, kind: 'entry' };
  }
  for (const [i, b] of (doc.boards ?? []).entries())
    if (b.uid !== undefined) yield { path: ['boards', i, 'uid'], uid: b.uid, kind: 'board' };
}

/** Version 4's ids: only in a version-4 file, and each one once. */
function versionFour(doc: Parameters<typeof idPlaces>[0] & { version: number }, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  for (const place of idPlaces(doc)) {
    if (doc.version < 4) {
      ctx.addIssue({ code: 'custom', path: place.path, message: 'comes with version 4 of the format' });
      return;
    }
    const key = `${place.kind}\u0000${place.uid.toLowerCase()}`;
    if (place.uid !== '' && seen.has(key))
      ctx.addIssue({ code: 'custom', path: place.path, message: `the same uid as another ${place.kind}` });
    seen.add(key);
  }
}

/** What opens every file: which format and version it is (checked before the rest). */
export const FileHeaderSchema = z.object({
  format: z.literal(LISTS_FORMAT, { error: `not "${LISTS_FORMAT}"` }),
  version: z.number({ error: 'a whole number' }).int('a whole number').min(1, 'a whole number from 1'),
});

export const ListsDocumentSchema = z
  .object({
    format: z.literal(LISTS_FORMAT),
    version: z.number().int().min(1).max(LISTS_FORMAT_VERSION),
    exportedAt: Time,
    app: Text().max(200),
    scout: ScoutName.optional(),
    owner: z.string({ error: 'a text' }).min(1).max(63).superRefine(refuseUnsafeText).optional(),
    lists: z.array(FileListSchema).max(10_000),
    leagueFactors: z.array(FileFactorSchema).max(1000).optional(),
    reports: z.array(FileReportSchema).max(100_000).optional(),
    boards: z.array(FileBoardSchema).max(1000).optional(),
  })
  .strict()
  .superRefine((doc, ctx) => {
    if (doc.version < 2 && doc.leagueFactors !== undefined)
      ctx.addIssue({ code: 'custom', path: ['leagueFactors'], message: 'comes with version 2 of the format' });
    const leagues = new Map<string, number>();
    doc.leagueFactors?.forEach((f, i) => {
      const first = leagues.get(f.league);
      if (first !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['leagueFactors', i, 'league'],
          message: `the same league as leagueFactors[${first}]`,
        });
      else leagues.set(f.league, i);
    });
    if (doc.version < 3) {
      for (const key of ['scout', 'reports', 'boards'] as const)
        if (doc[key] !== undefined)
          ctx.addIssue({ code: 'custom', path: [key], message: 'comes with version 3 of the format' });
    }
    versionFour(doc, ctx);
    const uids = new Set<string>();
    doc.reports?.forEach((r, i) => {
      if (uids.has(r.uid))
        ctx.addIssue({ code: 'custom', path: ['reports', i, 'uid'], message: 'the same uid as another report' });
      uids.add(r.uid);
    });
    const boards = new Set<string>();
    doc.boards?.forEach((b, i) => {
      const key = `${b.scout}\u0000${b.name.toLocaleLowerCase('en')}`;
      if (boards.has(key))
        ctx.addIssue({ code: 'custom', path: ['boards', i, 'name'], message: 'a second board of this name and scout' });
      boards.add(key);
    });
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
export type FileReport = z.output<typeof FileReportSchema>;
export type FileBoard = z.output<typeof FileBoardSchema>;
