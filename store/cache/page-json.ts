import type { Checked } from '../../shared/list-engine.ts';
import type { LeaderCalls, PageJsonCalls, PlayerCalls } from './api.ts';

/**
 * A value as its JSON text in UTF-8 (`T` is the value it stands for, for the type checker alone). It crosses
 * from the worker to the host as one block of bytes: copying a page of a hundred wide records across
 * threads as objects (a structured clone, in the worker and again in the host) costs about what the
 * page's query does, and the bytes are what the browser shell sends on anyway.
 */
export type JsonBytes<T> = Uint8Array & { readonly jsonOf?: T };

const encoder = new TextEncoder();

/** `value` as {@link JsonBytes}: `JSON.stringify`'s text, in UTF-8. */
export function toJsonBytes<T>(value: T): JsonBytes<T> {
  return encoder.encode(JSON.stringify(value)) as JsonBytes<T>;
}

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
