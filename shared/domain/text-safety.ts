/**
 * Hidden characters in the free text a scout writes or imports (list and board names, notes, report
 * texts, tiers, labels, his name) and in the player names the lists keep: what is refused, and how text
 * from elsewhere is made harmless. The rule and the reasons are in docs/text-safety.md.
 *
 * A text is safe when it holds no NUL and every bidirectional control in it is paired on its own line:
 *
 * - an embedding or override (LRE U+202A, RLE U+202B, LRO U+202D, RLO U+202E) is closed by a PDF
 *   (U+202C), an isolate (LRI U+2066, RLI U+2067, FSI U+2068) by a PDI (U+2069), properly nested, before
 *   the line ends (a paragraph separator of UAX #9: LF, CR, U+001C–U+001E, U+0085, U+2029) or the text
 *   does (UAX #9 BD9, BD11, X8);
 * - a PDF or PDI closes something opened before it on its line (a stray one could close a scope the
 *   text around it opened, and so let the rest of the text escape it).
 *
 * The marks LRM (U+200E), RLM (U+200F) and ALM (U+061C) are allowed: they open and close nothing and act
 * exactly as a strong letter of their direction does (UAX #9 §2.6), which a Hebrew or Arabic name already
 * is; what they do stops at the edge of the isolated element that shows the text.
 */

/** Embedding and override initiators, closed by PDF. */
const EMBEDDINGS: ReadonlyMap<number, string> = new Map([
  [0x202a, 'left-to-right embedding'],
  [0x202b, 'right-to-left embedding'],
  [0x202d, 'left-to-right override'],
  [0x202e, 'right-to-left override'],
]);
/** Isolate initiators, closed by PDI. */
const ISOLATES: ReadonlyMap<number, string> = new Map([
  [0x2066, 'left-to-right isolate'],
  [0x2067, 'right-to-left isolate'],
  [0x2068, 'first strong isolate'],
]);
const PDF = 0x202c;
const PDI = 0x2069;
const CLOSERS: ReadonlyMap<number, string> = new Map([
  [PDF, 'pop directional formatting'],
  [PDI, 'pop directional isolate'],
]);
/** Paragraph separators (bidi class B): every scope ends at one (UAX #9 X8). */
const PARAGRAPH_ENDS: ReadonlySet<number> = new Set([0x0a, 0x0d, 0x1c, 0x1d, 0x1e, 0x85, 0x2029]);

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** What is wrong with a text: the first problem, in reading order. */
export interface TextProblem {
  /** `nul`: a NUL; `unclosed`: an opener not closed on its line; `stray`: a closer that closes nothing. */
  kind: 'nul' | 'unclosed' | 'stray';
  /** The character, as a code point. */
  codePoint: number;
  /** Its place: the 1-based count of characters (code points) from the start of the text. */
  position: number;
  /** The problem in words, for an error that names the field before it. */
  message: string;
}

interface Open {
  cp: number;
  position: number;
}

const isEmbedding = (o: Open | undefined) => o !== undefined && EMBEDDINGS.has(o.cp);
const isIsolate = (o: Open | undefined) => o !== undefined && ISOLATES.has(o.cp);

/** An opener not closed on its line, or (`pdi`: where) not before the PDI of the isolate around it. */
function unclosed(o: Open, pdi?: number): TextProblem {
  const name = EMBEDDINGS.get(o.cp) ?? ISOLATES.get(o.cp) ?? 'control';
  const closer = EMBEDDINGS.has(o.cp) ? hex(PDF) : hex(PDI);
  const where = pdi === undefined ? 'on its line' : `before the ${hex(PDI)} at character ${pdi}`;
  return {
    kind: 'unclosed',
    codePoint: o.cp,
    position: o.position,
    message: `a hidden ${name} (${hex(o.cp)}) at character ${o.position} is not closed by ${closer} ${where}: it could show the text after it in another order; remove it`,
  };
}

/**
 * The first problem of `text` (a NUL, an unpaired bidirectional control), or null when it is safe. Pure;
 * the rule is in the module's comment above.
 */
export function textProblem(text: string): TextProblem | null {
  const open: Open[] = [];
  let position = 0;
  for (const ch of text) {
    position++;
    const cp = ch.codePointAt(0) as number;
    if (cp === 0) return { kind: 'nul', codePoint: 0, position, message: `a NUL character at character ${position}` };
    if (EMBEDDINGS.has(cp) || ISOLATES.has(cp)) open.push({ cp, position });
    else if (cp === PDF || cp === PDI) {
      const top = open.at(-1);
      if (cp === PDF ? isEmbedding(top) : isIsolate(top)) open.pop();
      else if (top !== undefined && cp === PDI && open.some(isIsolate)) return unclosed(top, position);
      else {
        return {
          kind: 'stray',
          codePoint: cp,
          position,
          message: `a hidden ${CLOSERS.get(cp)} (${hex(cp)}) at character ${position} closes nothing: remove it`,
        };
      }
    } else if (PARAGRAPH_ENDS.has(cp) && open.length > 0) return unclosed(open.at(-1) as Open);
  }
  const last = open.at(-1);
  return last === undefined ? null : unclosed(last);
}

/** Whether `text` is safe (no NUL, every bidirectional control paired on its line). */
export const isSafeText = (text: string): boolean => textProblem(text) === null;

/**
 * `text` made safe without losing what it says: NULs and stray closers dropped, a missing closer added
 * where its line (or the text) ends, a PDI that would close an isolate past open embeddings preceded by
 * their PDFs. A safe text comes back as it is. For text that is not the scout's to correct: a player's
 * name as the service gives it, kept into his lists; text stored before the rule, written into a file.
 */
export function closeUnpaired(text: string): string {
  const open: number[] = [];
  let out = '';
  const closeAll = () => {
    while (open.length > 0) out += String.fromCodePoint(EMBEDDINGS.has(open.pop() as number) ? PDF : PDI);
  };
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if (cp === 0) continue;
    if (EMBEDDINGS.has(cp) || ISOLATES.has(cp)) open.push(cp);
    else if (cp === PDF) {
      if (!EMBEDDINGS.has(open.at(-1) ?? -1)) continue;
      open.pop();
    } else if (cp === PDI) {
      if (!open.some((o) => ISOLATES.has(o))) continue;
      while (EMBEDDINGS.has(open.at(-1) ?? -1)) {
        open.pop();
        out += String.fromCodePoint(PDF);
      }
      open.pop();
    } else if (PARAGRAPH_ENDS.has(cp)) closeAll();
    out += ch;
  }
  closeAll();
  return out;
}

/**
 * Every string in `value` (a JSON-like tree of objects, arrays and primitives) through {@link closeUnpaired}:
 * a document written from stored text that may predate the rule, made one that the rule accepts.
 */
export function closeUnpairedIn<T>(value: T): T {
  if (typeof value === 'string') return closeUnpaired(value) as T;
  if (Array.isArray(value)) return value.map(closeUnpairedIn) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, closeUnpairedIn(v)])) as T;
  return value;
}

/**
 * `text` as one isolate for plain text that other text surrounds (an error message quoting a name, an
 * option of a select, a tooltip): FSI, the text made safe ({@link closeUnpaired}), PDI. Where an element
 * can do it, `<bdi>` is the better way (the text stays as it is).
 */
export const isolateText = (text: string): string => `\u2068${closeUnpaired(text)}\u2069`;

/** `text` without NULs and the paired controls (not the marks): for comparing a kept name with another. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters this removes
export const withoutControls = (text: string): string => text.replace(/[\u0000\u202a-\u202e\u2066-\u2069]/g, '');

/** `text` to quote in a message: as it is, or {@link isolateText} when it holds a NUL or a paired control. */
export const quoteText = (text: string): string => (withoutControls(text) === text ? text : isolateText(text));
