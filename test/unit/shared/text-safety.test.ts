import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  closeUnpaired,
  isolateText,
  quoteText,
  type TextProblem,
  textProblem,
  withoutControls,
} from '../../../shared/domain/text-safety.ts';
import { refuseUnsafeText } from '../../../shared/domain/text-schemas.ts';
import { BIDI } from '../bidi-chars.ts';

/**
 * The rule of safe text (shared/domain/text-safety.ts, docs/text-safety.md), against a table of texts written
 * with the controls spelled out: what is refused (kind, character, 1-based place), what passes, and what
 * closing a text's unpaired controls makes of it. The expected values are written by hand here.
 */

const { LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, LRM, RLM, ALM } = BIDI;

type Want = null | [kind: TextProblem['kind'], codePoint: number, position: number];

const TABLE: [label: string, text: string, want: Want, closed: string][] = [
  ['plain text', 'Heavy one-timer from the left circle', null, 'Heavy one-timer from the left circle'],
  ['empty', '', null, ''],
  ['accents and an RTL name', 'Teemu Selänne, שלום', null, 'Teemu Selänne, שלום'],
  ['line breaks and tabs', 'one\ntwo\r\n\tthree', null, 'one\ntwo\r\n\tthree'],
  ['a character outside the BMP counts as one', '🏒\u0000', ['nul', 0, 2], '🏒'],
  ['NUL', 'ab\u0000c', ['nul', 0, 3], 'abc'],
  ['the Trojan Source note: RLO never closed', `${RLO}evil`, ['unclosed', 0x202e, 1], `${RLO}evil${PDF}`],
  ['RLO closed by PDF', `a ${RLO}evil${PDF} b`, null, `a ${RLO}evil${PDF} b`],
  [
    'every embedding closed, nested',
    `${LRE}a${RLE}b${LRO}c${PDF}${PDF}${PDF}`,
    null,
    `${LRE}a${RLE}b${LRO}c${PDF}${PDF}${PDF}`,
  ],
  ['RLE not closed', `x${RLE}y`, ['unclosed', 0x202b, 2], `x${RLE}y${PDF}`],
  ['LRO closed by PDI is not closed', `${LRO}a${PDI}`, ['stray', 0x2069, 3], `${LRO}a${PDF}`],
  ['isolates closed', `${LRI}a${PDI}${RLI}b${PDI}${FSI}c${PDI}`, null, `${LRI}a${PDI}${RLI}b${PDI}${FSI}c${PDI}`],
  ['FSI not closed', `name ${FSI}x`, ['unclosed', 0x2068, 6], `name ${FSI}x${PDI}`],
  ['RLI closed by PDF is not closed', `${RLI}a${PDF}`, ['stray', 0x202c, 3], `${RLI}a${PDI}`],
  ['stray PDF', `a${PDF}b`, ['stray', 0x202c, 2], 'ab'],
  ['stray PDI (could close an isolate around the text)', `a${PDI}${RLO}b`, ['stray', 0x2069, 2], `a${RLO}b${PDF}`],
  ['embedding inside an isolate, closed in order', `${RLI}${RLE}a${PDF}${PDI}`, null, `${RLI}${RLE}a${PDF}${PDI}`],
  [
    'embedding inside an isolate, the PDI comes first',
    `${RLI}${RLE}a${PDI}`,
    ['unclosed', 0x202b, 2],
    `${RLI}${RLE}a${PDF}${PDI}`,
  ],
  [
    'crossed: isolate closed inside an embedding',
    `${RLE}${RLI}a${PDF}${PDI}`,
    ['stray', 0x202c, 4],
    `${RLE}${RLI}a${PDI}${PDF}`,
  ],
  ['a scope does not cross a line feed', `${RLO}a\nb${PDF}`, ['unclosed', 0x202e, 1], `${RLO}a${PDF}\nb`],
  ['nor a paragraph separator U+2029', `${RLI}a\u2029b${PDI}`, ['unclosed', 0x2067, 1], `${RLI}a${PDI}\u2029b`],
  ['nor CR', `${LRE}a\rb`, ['unclosed', 0x202a, 1], `${LRE}a${PDF}\rb`],
  ['paired on each line', `${RLO}a${PDF}\n${FSI}b${PDI}`, null, `${RLO}a${PDF}\n${FSI}b${PDI}`],
  ['the marks are allowed alone', `${RLM}abc${LRM} 12 ${ALM}`, null, `${RLM}abc${LRM} 12 ${ALM}`],
  ['a mark does not close anything', `${RLO}a${RLM}`, ['unclosed', 0x202e, 1], `${RLO}a${RLM}${PDF}`],
];

describe('textProblem', () => {
  it.each(TABLE)('%s', (_label, text, want) => {
    const p = textProblem(text);
    if (want === null) expect(p).toBeNull();
    else expect(p && [p.kind, p.codePoint, p.position]).toEqual(want);
  });

  it('says which character, where, and what closes it', () => {
    expect(textProblem(`Rinne${RLO}evil`)?.message).toBe(
      'a hidden right-to-left override (U+202E) at character 6 is not closed by U+202C on its line: it could show the text after it in another order; remove it',
    );
    expect(textProblem(`${RLI}${RLE}a${PDI}`)?.message).toBe(
      'a hidden right-to-left embedding (U+202B) at character 2 is not closed by U+202C before the U+2069 at character 4: it could show the text after it in another order; remove it',
    );
    expect(textProblem(`a${PDI}`)?.message).toBe(
      'a hidden pop directional isolate (U+2069) at character 2 closes nothing: remove it',
    );
    expect(textProblem('ab\u0000')?.message).toBe('a NUL character at character 3');
  });
});

describe('closeUnpaired', () => {
  it.each(TABLE)('%s', (_label, text, _want, closed) => {
    const out = closeUnpaired(text);
    expect(out).toBe(closed);
    expect(textProblem(out)).toBeNull();
    expect(closeUnpaired(out)).toBe(out);
  });

  it('makes every text of the controls safe (all 3-character strings of them and a letter)', () => {
    const alphabet = [LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, '\n', 'a', '\u0000'];
    let n = 0;
    for (const a of alphabet)
      for (const b of alphabet)
        for (const c of alphabet) {
          const text = a + b + c;
          expect(textProblem(closeUnpaired(text)), JSON.stringify(text)).toBeNull();
          if (textProblem(text) === null) expect(closeUnpaired(text)).toBe(text);
          n++;
        }
    expect(n).toBe(12 ** 3);
  });
});

describe('isolateText, quoteText and withoutControls', () => {
  it('quotes a text as it is unless it holds a NUL or a paired control', () => {
    expect(quoteText('Goalies שלום')).toBe('Goalies שלום');
    expect(quoteText(`Goal${RLM}ies`)).toBe(`Goal${RLM}ies`);
    expect(quoteText(`Goal${RLO}ies`)).toBe(`${FSI}Goal${RLO}ies${PDF}${PDI}`);
    expect(quoteText(`a${LRE}b${PDF}`)).toBe(`${FSI}a${LRE}b${PDF}${PDI}`);
  });
  it('wraps the safe text in FSI … PDI', () => {
    expect(isolateText(`${PDI}${RLO}evil`)).toBe(`${FSI}${RLO}evil${PDF}${PDI}`);
    expect(isolateText('Goalies')).toBe(`${FSI}Goalies${PDI}`);
  });
  it('drops NULs and the paired controls, keeps the marks', () => {
    expect(withoutControls(`a\u0000${RLO}b${PDF}${FSI}c${PDI}${RLM}`)).toBe(`abc${RLM}`);
  });
});

describe('refuseUnsafeText', () => {
  it('refuses through a schema, naming the problem', () => {
    const schema = z.object({ note: z.string().superRefine(refuseUnsafeText) });
    expect(schema.safeParse({ note: 'fine' }).success).toBe(true);
    const r = schema.safeParse({ note: `${RLO}evil` });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['note']);
    expect(r.error?.issues[0]?.message).toMatch(/^a hidden right-to-left override \(U\+202E\) at character 1/);
  });
});
