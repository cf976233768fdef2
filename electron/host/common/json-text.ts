import type { Result } from '../../../shared/contract/errors.ts';

/**
 * A value the host already holds as its JSON text, in UTF-8 chunks: a service answer checked and scrubbed
 * record by record (service-client/answer.ts) and written out as it went, so the host never holds the whole
 * answer as objects. The browser shell sends the chunks as they are (json-stream.ts); anything else that
 * needs the value (Electron's IPC, tests) reads it with {@link JsonText.toValue}. `T` is the value's type.
 */
export class JsonText<T = unknown> {
  /** The text's bytes, in order; each chunk holds whole characters. */
  readonly chunks: readonly Buffer[];
  /** The text's length in bytes. */
  readonly byteLength: number;
  /** Only carries `T` for the type checker. */
  declare readonly value?: T;

  constructor(chunks: readonly Buffer[]) {
    this.chunks = chunks;
    this.byteLength = chunks.reduce((n, c) => n + c.length, 0);
  }

  /** The value the text stands for (a new object graph at each call). */
  toValue(): T {
    return JSON.parse(Buffer.concat(this.chunks as Buffer[], this.byteLength).toString('utf8')) as T;
  }

  /** `JSON.stringify` of a JsonText writes its value. */
  toJSON(): T {
    return this.toValue();
  }
}

/** The bytes of a value's JSON text (a store worker's JsonBytes) as a {@link JsonText}, without a copy. */
export function jsonTextOf<T>(bytes: Uint8Array): JsonText<T> {
  return new JsonText<T>([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);
}

/** UTF-16 units gathered before they are encoded into one chunk. */
const CHUNK = 64 * 1024;

/** Builds a {@link JsonText} from pieces of JSON text written in order. */
export class JsonTextWriter {
  private readonly chunks: Buffer[] = [];
  private pending = '';

  /** Appends a piece of JSON text (any part of it: a record, a comma, a member name). */
  write(piece: string): void {
    this.pending += piece;
    if (this.pending.length >= CHUNK) this.flush();
  }

  /** The text written so far, as a JsonText of type `T`. */
  finish<T>(): JsonText<T> {
    this.flush();
    return new JsonText<T>(this.chunks.splice(0));
  }

  private flush(): void {
    if (this.pending === '') return;
    this.chunks.push(Buffer.from(this.pending, 'utf8'));
    this.pending = '';
  }
}

/** `result` with a {@link JsonText} value read into its value; any other result as it is. */
export function withValue<T>(result: Result<T>): Result<T> {
  if (result.ok && result.value instanceof JsonText) return { ok: true, value: result.value.toValue() as T };
  return result;
}
