/**
 * The WHATWG `URL` and `URLSearchParams`, as far as the contract uses them. Both are globals of every
 * environment shared/ runs in (the page, Node, Electron), yet belong to neither TypeScript's ES library
 * nor to anything but the DOM and Node typings, which shared/ must not see. Only tsconfig.shared.json
 * reads this file; every other config checks the same code against the real DOM or Node declarations.
 */

declare class URL {
  constructor(url: string, base?: string | URL);
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly origin: string;
  readonly pathname: string;
  readonly search: string;
  readonly searchParams: URLSearchParams;
  toString(): string;
}

declare class URLSearchParams {
  constructor(init?: URLSearchParams | string | Record<string, string> | [string, string][]);
  get(name: string): string | null;
  set(name: string, value: string): void;
  append(name: string, value: string): void;
  delete(name: string): void;
  has(name: string): boolean;
  sort(): void;
  toString(): string;
  keys(): IterableIterator<string>;
  entries(): IterableIterator<[string, string]>;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}

/** An ES module's own URL: every environment shared/ runs in gives it (shared/contract/process-entries.ts reads it). */
interface ImportMeta {
  readonly url: string;
}
