import { SEASON_SLUG_RE, SLUG_RE } from '../../shared/contract/spec.ts';
import { badParameter } from '../query/errors.ts';
import type { Operation, PathParamKind } from '../query/types.ts';

interface Route {
  op: Operation;
  segments: string[];
  literals: number;
}

/** Matches `/v1`-relative paths to operations; literal segments win over parameters. */
export class Router {
  private readonly routes: Route[];
  constructor(ops: readonly Operation[]) {
    this.routes = ops
      .map((op) => {
        const segments = op.path.split('/').slice(1);
        return { op, segments, literals: segments.filter((s) => !s.startsWith('{')).length };
      })
      .sort((a, b) => b.literals - a.literals);
  }

  /** The operation and its raw path parameters, or null when no operation has this path. */
  match(path: string): { op: Operation; params: Record<string, string> } | null {
    const parts = path.split('/').slice(1);
    for (const r of this.routes) {
      if (r.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < parts.length && ok; i++) {
        const seg = r.segments[i] as string;
        const part = parts[i] as string;
        if (seg.startsWith('{')) {
          if (part === '') ok = false;
          else params[seg.slice(1, -1)] = safeDecode(part);
        } else ok = seg === part;
      }
      if (ok) return { op: r.op, params };
    }
    return null;
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Validates path parameters by kind: integer ids, league slugs, season slugs. 400 names the parameter. */
export function checkPathParams(
  kinds: Record<string, PathParamKind> | undefined,
  params: Record<string, string>,
): void {
  for (const [name, kind] of Object.entries(kinds ?? {})) {
    const v = params[name] ?? '';
    if (kind === 'id' && !(/^\d{1,10}$/.test(v) && Number(v) >= 1 && Number(v) <= 2 ** 31 - 1)) {
      throw badParameter(name, `Path parameter '${name}' must be a positive integer`);
    }
    if (kind === 'slug' && !SLUG_RE.test(v)) {
      throw badParameter(name, `Path parameter '${name}' must be a slug of lower-case letters, digits and dashes`);
    }
    if (kind === 'season' && !(SEASON_SLUG_RE.test(v) && Number(v.slice(5)) === Number(v.slice(0, 4)) + 1)) {
      throw badParameter(name, `Path parameter '${name}' must be a season slug such as 2023-2024`);
    }
  }
}
