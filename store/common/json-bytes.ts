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
