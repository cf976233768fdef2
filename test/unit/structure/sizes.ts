import { parseSync } from 'oxc-parser';

/**
 * File and function lengths of TypeScript sources, read with the same parser as the import graph. A
 * function's length runs from its first line to its last (nested functions count inside it and again on
 * their own). Its name is the declared one, else the variable, property or method it is assigned to.
 */

/** One function of a source file and its length in lines. */
export interface FunctionLength {
  file: string;
  /** 1-based line where the function starts. */
  line: number;
  name: string;
  lines: number;
}

/** Lines of a source text (a final newline ends the last line, it does not start another). */
export function lineCount(source: string): number {
  if (source === '') return 0;
  const n = source.split('\n').length;
  return source.endsWith('\n') ? n - 1 : n;
}

type Node = { type?: string; start?: number; end?: number; [k: string]: unknown };

const isFunction = (n: Node) =>
  n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression';

/** The name a node gives the functions beneath it: a variable, property, method or class field. */
function nameOf(n: Node): string | undefined {
  let key: Node | undefined;
  if (n.type === 'VariableDeclarator') key = n.id as Node;
  else if (n.type === 'Property' || n.type === 'MethodDefinition' || n.type === 'PropertyDefinition') {
    key = n.key as Node;
  }
  return typeof key?.name === 'string' ? key.name : undefined;
}

/**
 * Every function of `source` with its length.
 * @throws Error naming the file when it does not parse.
 */
export function functionLengths(file: string, source: string): FunctionLength[] {
  const result = parseSync(file, source, { sourceType: 'module' });
  if (result.errors.length > 0) throw new Error(`${file}: cannot parse: ${result.errors[0]?.message}`);
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) starts.push(i + 1);
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const out: FunctionLength[] = [];
  const visit = (value: unknown, name: string | undefined): void => {
    if (Array.isArray(value)) {
      for (const v of value) visit(v, name);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const n = value as Node;
    const own = nameOf(n) ?? name;
    if (isFunction(n) && typeof n.start === 'number' && typeof n.end === 'number') {
      const id = (n.id as Node | null | undefined)?.name;
      const first = lineOf(n.start);
      out.push({
        file,
        line: first,
        name: typeof id === 'string' ? id : (own ?? '(anonymous)'),
        lines: lineOf(n.end) - first + 1,
      });
    }
    for (const [k, v] of Object.entries(n)) if (k !== 'parent') visit(v, isFunction(n) ? undefined : own);
  };
  visit(result.program, undefined);
  return out;
}
