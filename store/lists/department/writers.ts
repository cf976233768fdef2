import type { ChangeKind, StateOf } from '../../../shared/department/changes.ts';
import { writeAssignment, writeSetting } from './desk/records.ts';
import { type RecordMeta, type WriteCtx, writeBoard, writeEntry, writeList, writeReport } from './write-records.ts';

/** The writer of each kind of record's state into the lists file (write-records.ts, desk/records.ts). */
export const WRITERS: { readonly [K in ChangeKind]: (ctx: WriteCtx, m: RecordMeta, s: StateOf<K>) => void } = {
  report: writeReport,
  list: writeList,
  entry: writeEntry,
  board: writeBoard,
  assignment: writeAssignment,
  setting: writeSetting,
};
