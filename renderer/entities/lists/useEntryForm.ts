import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { toServiceError } from '../../bridge/client.ts';
import { useCreateList, useListsOfPlayer, useRemoveEntry, useSaveEntry, useScoutingLists } from './useLists.ts';

/**
 * The player a star is for: his id, and his name, position and birth date as shown (kept as his identity,
 * for when the data in use does not hold him).
 */
export interface StarPlayer {
  id: number;
  name: string;
  position?: string | null;
  dateOfBirth?: string | null;
}

/** The value of the list select that means "a new list". */
export const NEW = 'new';

/** The list last saved to in this session: the popover starts there for the next player. */
let lastListId: number | null = null;

/**
 * The state of the "Add to list" form of a player: the list picked (`NEW` for a new one, named in
 * `newName`), the rating (1-5 or none) and the private note, refilled from his entry when he is in the list
 * picked; `submit` saves (creating the list first when new) and `removeFromList` removes his entry, each
 * calling `onClose` when done, or setting `error` to the reason in words.
 *
 * It starts on the first list he is in, else the last one saved to, else the first list, else a new one.
 */
export function useEntryForm(player: StarPlayer, onClose: () => void) {
  const lists = useScoutingLists();
  // Colleagues' lists (the department's, read-only here) take no player from this scout.
  const own = useMemo(() => (lists.data ?? []).filter((l) => !l.readOnly), [lists.data]);
  const listings = useListsOfPlayer(player.id, true);
  const create = useCreateList();
  const save = useSaveEntry();
  const remove = useRemoveEntry();
  const [choice, setChoice] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [rating, setRating] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ready = lists.data !== undefined && listings.data !== undefined;

  useEffect(() => {
    if (!ready || choice !== null) return;
    const mine = (listings.data ?? []).filter((m) => own.some((l) => l.id === m.listId));
    const start = mine[0]?.listId ?? (own.some((l) => l.id === lastListId) ? lastListId : null) ?? own[0]?.id ?? null;
    setChoice(start === null ? NEW : String(start));
  }, [ready, choice, own, listings.data]);

  // The rating and note of the list picked, when he is in it.
  const entry = listings.data?.find((l) => String(l.listId) === choice) ?? null;
  const entryKey = entry === null ? choice : `${entry.listId}|${entry.rating}|${entry.note}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refilled only when the list picked or its saved values change, not on each refetch
  useEffect(() => {
    setRating(entry?.rating ?? null);
    setNote(entry?.note ?? '');
    setError(null);
  }, [entryKey]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const listId = choice === NEW ? (await create.mutateAsync({ name: newName })).id : Number(choice);
      // His identity as shown: a birth date only as YYYY-MM-DD (a service may add a time).
      const dateOfBirth = /^\d{4}-\d{2}-\d{2}/.exec(player.dateOfBirth ?? '')?.[0] ?? null;
      const p = { name: player.name, position: player.position ?? null, dateOfBirth };
      await save.mutateAsync({ listId, playerId: player.id, player: p, rating, note });
      lastListId = listId;
      onClose();
    } catch (err) {
      setError(toServiceError(err).message);
    }
  };

  const removeFromList = async () => {
    if (entry === null) return;
    setError(null);
    try {
      await remove.mutateAsync({ entryId: entry.entryId });
      onClose();
    } catch (err) {
      setError(toServiceError(err).message);
    }
  };

  return {
    ready,
    lists: own,
    inLists: listings.data ?? [],
    entry,
    choice,
    setChoice,
    newName,
    setNewName,
    rating,
    setRating,
    note,
    setNote,
    error,
    busy: create.isPending || save.isPending || remove.isPending,
    submit,
    removeFromList,
  };
}

/** The form {@link useEntryForm} gives. */
export type EntryForm = ReturnType<typeof useEntryForm>;
