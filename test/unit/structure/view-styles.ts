import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';

/**
 * The rule that keeps a view's stylesheet inside its view. A view's CSS (`renderer/views/<view>/*.css`) is
 * loaded with the view's lazy code, and stays loaded once it is: a rule of it that matches elements of
 * another view restyles that view from then on, in whichever view the scout is (a global `.error-text`
 * once turned every error text dark red on the dark scheme's dark red). So every selector of a view's CSS
 * is anchored: the first compound selector (before any combinator) names a class, and that class is the
 * view's own: no renderer file outside the view's folder writes it (`.view-compare .error-text` is the
 * view's own error text; `.error-text` alone is everybody's).
 *
 * A class is "written" by a file when the file holds it as a whole word (`error-text` in `"error-text"`,
 * `'small error-text'` or `.error-text {`): coarse, so a name shared with any word elsewhere is refused
 * too, which only asks for a more distinctive anchor.
 */

/** A renderer file and its text (path relative to the repository, `/`-separated). */
export interface TextFile {
  path: string;
  text: string;
}

const VIEW_CSS = /^renderer\/views\/([^/]+)\/[^/]+\.css$/;

/** The first compound selector of a complex one: `.a.b > .c` → `.a.b`; `.a:has(> .b) .c` → `.a:has(> .b)`. */
export function firstCompound(selector: string): string {
  let depth = 0;
  const s = selector.trim();
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && (c === ' ' || c === '>' || c === '+' || c === '~')) return s.slice(0, i);
  }
  return s;
}

/** The classes a compound selector names outside any parentheses: `.a.b:hover` → `a`, `b`. */
export function compoundClasses(compound: string): string[] {
  const bare = compound.replace(/\([^()]*\)/g, '');
  return [...bare.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((m) => m[1] as string);
}

const wordRe = (name: string) => new RegExp(`(?<![\\w-])${name.replace(/[-]/g, '\\-')}(?![\\w-])`);

/**
 * Every selector of the views' stylesheets that is not anchored on a class of its own view, as one line
 * each: `file:line  selector  (why)`. `files`: every file of `renderer/` (stylesheets and sources).
 */
export function viewStyleViolations(files: readonly TextFile[]): string[] {
  const out: string[] = [];
  for (const css of files) {
    const view = VIEW_CSS.exec(css.path)?.[1];
    if (view === undefined) continue;
    const others = files.filter((f) => f.path !== css.path && !f.path.startsWith(`renderer/views/${view}/`));
    const usedOutside = new Map<string, string | null>();
    const outsideUser = (name: string): string | null => {
      if (!usedOutside.has(name)) {
        const re = wordRe(name);
        usedOutside.set(name, others.find((f) => re.test(f.text))?.path ?? null);
      }
      return usedOutside.get(name) ?? null;
    };
    postcss.parse(css.text, { from: css.path }).walkRules((rule) => {
      // Keyframe steps (`from`, `50%`) are no selectors of elements.
      if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name)) return;
      for (const selector of rule.selectors) {
        const where = `${css.path}:${rule.source?.start?.line ?? 0}  ${selector}`;
        const anchors = compoundClasses(firstCompound(selector));
        if (anchors.length === 0) {
          out.push(`${where}  (its first compound names no class: anchor it on a class of the view)`);
          continue;
        }
        const users = anchors.map(outsideUser);
        if (users.every((u) => u !== null))
          out.push(`${where}  (.${anchors[0]} is not the view's own: ${users[0]} writes it too)`);
      }
    });
  }
  return out;
}

const SKIP = new Set(['node_modules', 'out', 'dist']);

/** Every stylesheet and TypeScript source under `renderer/` of the repository at `root`. */
export function rendererFiles(root: string): TextFile[] {
  const out: TextFile[] = [];
  const walk = (dir: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) {
        if (!SKIP.has(e.name)) walk(rel);
      } else if (/\.(css|ts|tsx|html)$/.test(e.name)) {
        out.push({ path: rel, text: readFileSync(join(root, rel), 'utf8') });
      }
    }
  };
  walk('renderer');
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}
