import type { Star } from '../../../shared/contract/records/index.ts';
import { TeamNameLink } from '../team/links.tsx';
import { PlayerNameLink, playerName } from './links.tsx';

/** The star list's cells: the player's and the team's names link to their pages. */
export const STAR_CELLS = {
  player: (r: Star) => <PlayerNameLink id={r.player?.id} name={playerName(r.player)} />,
  team: (r: Star) => <TeamNameLink id={r.team?.id} name={r.team?.name} />,
};

/** A star's row id: the record has no id of its own (spec), so the player and his team. */
export function starRowId(r: Star, i: number): string {
  return r.player?.id != null ? `${r.player.id}|${r.team?.id ?? ''}` : String(i);
}
