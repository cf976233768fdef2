import { useQuery } from '@tanstack/react-query';
import type { BridgeArgs } from '../../../shared/bridge/bridge.ts';
import type { DraftBoard } from '../../../shared/domain/boards.ts';
import { quoteText } from '../../../shared/domain/text-safety.ts';
import { call } from '../../bridge/client.ts';
import { scoutingKeys, useScoutingWrite } from './useReports.ts';

/* TanStack Query hooks over the draft boards' bridge operations (shared/bridge/scouting-bridge.ts). */

/** Every board: this computer's first, then imported ones by scout. */
export function useBoards() {
  return useQuery({ queryKey: scoutingKeys.boards, queryFn: () => call('draftBoards', {}) });
}

/** One board with its players in order and its versions. */
export function useBoard(id: number | null) {
  return useQuery({
    queryKey: scoutingKeys.board(id ?? 0),
    queryFn: () => call('draftBoard', { id: id as number }),
    enabled: id !== null,
  });
}

export const useCreateBoard = () =>
  useScoutingWrite((args: BridgeArgs<'draftBoardCreate'>) => call('draftBoardCreate', args));
export const useSaveBoard = () =>
  useScoutingWrite((args: BridgeArgs<'draftBoardSave'>) => call('draftBoardSave', args));
export const useAddToBoard = () => useScoutingWrite((args: BridgeArgs<'draftBoardAdd'>) => call('draftBoardAdd', args));
export const useDeleteBoard = () =>
  useScoutingWrite((args: BridgeArgs<'draftBoardDelete'>) => call('draftBoardDelete', args));
export const useSaveVersion = () =>
  useScoutingWrite((args: BridgeArgs<'draftBoardVersionSave'>) => call('draftBoardVersionSave', args));

/**
 * A board's name as the index shows it: `2027 draft`, or `2027 draft — Ann` for another scout's; a name or
 * scout with hidden controls isolated (shared/domain/text-safety.ts), so that neither reorders the other.
 */
export const boardLabel = (b: { name: string; scout: string }) =>
  b.scout ? `${quoteText(b.name)} — ${quoteText(b.scout)}` : quoteText(b.name);

/**
 * Whether the page offers changes to board `b`: the scout's own, or the department's for a director (the
 * store refuses the others again); an imported colleague's board is shown as he ranked it.
 */
export const boardEditable = (b: Pick<DraftBoard, 'readOnly' | 'kind' | 'scout'>): boolean =>
  !b.readOnly && (b.kind === 'department' || b.scout === '');
