import type { Checked } from '../../shared/query/list-engine.ts';
import { type JsonBytes, toJsonBytes } from '../common/json-bytes.ts';
import type { LeaderCalls, PageJsonCalls, PlayerCalls } from './api.ts';

/** A checked value with its value as {@link JsonBytes}; an issue as it is. */
function asJson<T>(checked: Checked<T>): Checked<JsonBytes<T>> {
  return checked.ok ? { ok: true, value: toJsonBytes(checked.value) } : checked;
}

/** The pages the bridge hands on to the page, as JSON bytes (api.ts, {@link PageJsonCalls}). */
export function createPageJsonCalls(
  reads: Pick<PlayerCalls, 'listPlayers'> & Pick<LeaderCalls, 'leaders'>,
): PageJsonCalls {
  return {
    listPlayersJson: (query, today) => asJson(reads.listPlayers(query, today)),
    leadersJson: (query, pins) => asJson(reads.leaders(query, pins)),
  };
}
