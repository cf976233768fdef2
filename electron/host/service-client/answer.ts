import { ENDPOINTS, type EndpointName } from '../../../shared/contract/endpoints.ts';
import { envelopeIssue, type ResponseIssue, recordIssue, responseIssue } from '../../../shared/contract/envelope.ts';
import { type JsonText, JsonTextWriter } from '../common/json-text.ts';
import { splitEnvelope } from './json-split.ts';
import { jsonScrubber } from './redact.ts';

/**
 * Reading a service answer's body (UTF-8 bytes of a 2xx) into what the host hands on: the envelope and
 * each record parsed, checked against the endpoint's schemas (shared/contract/envelope.ts) and scrubbed of the key
 * (redact.ts) one record at a time, each passed to a {@link AnswerSink} before the next is parsed. A
 * large page then never exists in the host as one text plus one object graph: each record's objects die
 * young, and the sink keeps either the objects ({@link valueSink}) or only their JSON text
 * ({@link jsonTextSink}).
 */

/** What a body reads to. */
export type Decoded<V> = { kind: 'ok'; value: V } | { kind: 'not-json' } | { kind: 'invalid'; issue: ResponseIssue };

/** Receives a checked, scrubbed answer in order: its envelope, then its records, then the end. */
export interface AnswerSink<V> {
  /**
   * The envelope, its members in the answer's order; the member named `dataKey` (`data`, unless the key
   * was scrubbed out of the name) holds `placeholder`, an empty array (list) or object (item).
   */
  begin(envelope: Record<string, unknown>, dataKey: string, placeholder: unknown[] | Record<string, unknown>): void;
  record(record: unknown): void;
  end(): V;
}

/**
 * Reads `body`, an answer of `endpoint`, into `sink`. `not-json` when it is not JSON; `invalid` with the
 * first schema issue (envelope first, then records in order; a body that is both not JSON and off-schema
 * may report either). `secret` (the key sent) is scrubbed from the envelope and every record.
 */
export function decodeAnswer<V>(
  endpoint: EndpointName,
  body: Buffer,
  secret: string | null,
  sink: AnswerSink<V>,
): Decoded<V> {
  const kind = ENDPOINTS[endpoint].kind;
  const scrub = jsonScrubber(secret);
  const split = splitEnvelope(body, kind);
  if (split === null) return decodeWhole(endpoint, body, scrub, sink);
  let envelope: Record<string, unknown>;
  try {
    envelope = JSON.parse(split.envelope) as Record<string, unknown>;
  } catch {
    return { kind: 'not-json' };
  }
  const placeholder = kind === 'list' ? [] : {};
  envelope.data = placeholder;
  const issue = envelopeIssue(endpoint, envelope);
  if (issue !== null) return { kind: 'invalid', issue };
  begin(sink, envelope, placeholder, scrub);
  const { bounds } = split;
  for (let i = 0; i < bounds.length; i += 2) {
    let record: unknown;
    try {
      record = JSON.parse(body.toString('utf8', bounds[i], bounds[i + 1]));
    } catch {
      return { kind: 'not-json' };
    }
    const problem = recordIssue(endpoint, record, i / 2);
    if (problem !== null) return { kind: 'invalid', issue: problem };
    sink.record(scrub(record));
  }
  return { kind: 'ok', value: sink.end() };
}

/** Scrubs the envelope (its `data` holding `placeholder`) and hands it to the sink. */
function begin<V>(
  sink: AnswerSink<V>,
  envelope: Record<string, unknown>,
  placeholder: unknown[] | Record<string, unknown>,
  scrub: (value: unknown) => unknown,
): void {
  scrub(envelope);
  // Scrubbing renames a member whose name holds the key, `data` too in the unlikely case that it does.
  const dataKey = Object.keys(envelope).find((k) => envelope[k] === placeholder) ?? 'data';
  sink.begin(envelope, dataKey, placeholder);
}

/** A body {@link splitEnvelope} could not split (not JSON, not the envelope's form, or a repeated `data`): parsed whole. */
function decodeWhole<V>(
  endpoint: EndpointName,
  body: Buffer,
  scrub: (value: unknown) => unknown,
  sink: AnswerSink<V>,
): Decoded<V> {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return { kind: 'not-json' };
  }
  const issue = responseIssue(endpoint, json);
  if (issue !== null) return { kind: 'invalid', issue };
  const envelope = json as Record<string, unknown>;
  const list = ENDPOINTS[endpoint].kind === 'list';
  const records = list ? (envelope.data as unknown[]) : [envelope.data];
  const placeholder = list ? [] : {};
  envelope.data = placeholder;
  begin(sink, envelope, placeholder, scrub);
  for (const record of records) sink.record(scrub(record));
  return { kind: 'ok', value: sink.end() };
}

/** Keeps the answer as objects: the envelope with its records in `data`. */
export function valueSink(): AnswerSink<unknown> {
  let envelope: Record<string, unknown> = {};
  let key = 'data';
  let records: unknown[] | null = null;
  return {
    begin(e, dataKey, placeholder) {
      envelope = e;
      key = dataKey;
      records = Array.isArray(placeholder) ? placeholder : null;
    },
    record(r) {
      if (records !== null) records.push(r);
      else envelope[key] = r;
    },
    end: () => envelope,
  };
}

/** Keeps only the answer's JSON text, written record by record as each arrives. */
export function jsonTextSink(): AnswerSink<JsonText> {
  const out = new JsonTextWriter();
  let after = '';
  let list = true;
  let count = 0;
  const member = (k: string, v: unknown) => `${JSON.stringify(k)}:${JSON.stringify(v)}`;
  return {
    begin(envelope, dataKey, placeholder) {
      const keys = Object.keys(envelope);
      const at = keys.indexOf(dataKey);
      const before = keys.slice(0, at).map((k) => member(k, envelope[k]));
      list = Array.isArray(placeholder);
      out.write(`{${before.map((m) => `${m},`).join('')}${JSON.stringify(dataKey)}:${list ? '[' : ''}`);
      after = keys
        .slice(at + 1)
        .map((k) => `,${member(k, envelope[k])}`)
        .join('');
    },
    record(r) {
      out.write(count++ > 0 && list ? `,${JSON.stringify(r)}` : JSON.stringify(r));
    },
    end() {
      out.write(`${list ? ']' : ''}${after}}`);
      return out.finish();
    },
  };
}
