import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../bridge/client.ts';

/**
 * The facts of the rows of boards `ids` (`draftBoardFacts`: each player's latest season on this computer
 * and the department's viewings of him, shared/domain/board-facts.ts), one request for all their rows.
 * Under the scouting keys, so a board's write reads them again; the facts shown stay while they do.
 */
export function useBoardFacts(ids: readonly number[]) {
  return useQuery({
    queryKey: ['scouting', 'boardFacts', [...ids]] as const,
    queryFn: () => call('draftBoardFacts', { ids: [...ids] }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
}
