import type { Assignment } from '../../../shared/department/desk.ts';
import { DayInput } from '../../components/DayInput.tsx';
import { Field } from '../../components/Field.tsx';
import { DAY_PATTERN_HINT, parseDay } from '../../format/index.ts';

/**
 * The fields an assignment's form and its edit share: the due date, the game (its date and two teams) and
 * the note, as typed. Days are typed as the app writes them (`2026-11-30`: a text box read strictly, not the
 * browser's date box, which shows the system's order such as 11/30/2026 beside the app's own).
 */
export interface GameFields {
  dueDate: string;
  gameDate: string;
  homeTeam: string;
  awayTeam: string;
  note: string;
}

export const NO_GAME_FIELDS: GameFields = { dueDate: '', gameDate: '', homeTeam: '', awayTeam: '', note: '' };

/** An assignment's fields as its edit starts them. */
export function fieldsOf(a: Assignment): GameFields {
  return {
    dueDate: a.dueDate,
    gameDate: a.game?.date ?? '',
    homeTeam: a.game?.homeTeam ?? '',
    awayTeam: a.game?.awayTeam ?? '',
    note: a.note,
  };
}

/** The label of a day's box: the field and the order it is typed in. */
export const dayLabel = (field: string) => `${field} (${DAY_PATTERN_HINT})`;

/** Why typed fields cannot be sent, and the field it names (null: none in particular). */
export interface FieldProblem {
  ok: false;
  field: keyof GameFields | null;
  problem: string;
}

/**
 * The typed fields as the bridge takes them, or the first problem in one sentence naming the field (a day
 * that is no calendar day in the app's order, a game without both teams).
 */
export function checkedFields(
  f: GameFields,
): { ok: true; dueDate: string; note: string; game: Assignment['game'] } | FieldProblem {
  const due = parseDay(f.dueDate);
  if (due === null)
    return { ok: false, field: 'dueDate', problem: `Due date: type a day as ${DAY_PATTERN_HINT}, such as 2026-11-30.` };
  if (f.gameDate.trim() === '') return { ok: true, dueDate: due, note: f.note, game: null };
  const game = parseDay(f.gameDate);
  if (game === null)
    return {
      ok: false,
      field: 'gameDate',
      problem: `Game date: type a day as ${DAY_PATTERN_HINT}, or leave it empty.`,
    };
  if (f.homeTeam.trim() === '' || f.awayTeam.trim() === '')
    return { ok: false, field: null, problem: 'A game needs its home team and its away team.' };
  return { ok: true, dueDate: due, note: f.note, game: { date: game, homeTeam: f.homeTeam, awayTeam: f.awayTeam } };
}

/** The due date, the game and the note of an assignment's form. `bad`: the field a problem names. */
export function GameFieldset(props: {
  f: GameFields;
  set: (f: GameFields) => void;
  bad?: keyof GameFields | null;
  /** A box changed (a problem said about the last try goes). */
  onTyped?: () => void;
}) {
  const { f, set } = props;
  const to = (k: keyof GameFields) => (v: string) => {
    set({ ...f, [k]: v });
    props.onTyped?.();
  };
  const text = (k: keyof GameFields) => (e: { currentTarget: { value: string } }) => to(k)(e.currentTarget.value);
  return (
    <>
      <Field label={dayLabel('Due date')}>
        <DayInput required value={f.dueDate} onChange={to('dueDate')} invalid={props.bad === 'dueDate'} />
      </Field>
      <Field label={dayLabel('Game date')}>
        <DayInput
          value={f.gameDate}
          onChange={to('gameDate')}
          invalid={props.bad === 'gameDate'}
          placeholder="optional"
        />
      </Field>
      <Field label="Home team">
        <input type="text" value={f.homeTeam} onChange={text('homeTeam')} required={f.gameDate !== ''} maxLength={80} />
      </Field>
      <Field label="Away team">
        <input type="text" value={f.awayTeam} onChange={text('awayTeam')} required={f.gameDate !== ''} maxLength={80} />
      </Field>
      <Field label="Note" grow>
        <textarea rows={2} value={f.note} onChange={text('note')} maxLength={2000} />
      </Field>
    </>
  );
}
