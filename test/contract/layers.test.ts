// The service's layers point one way: the query engine and the operations know domain errors and pages,
// never HTTP (service/http maps errors to statuses and builds the envelopes).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVICE = resolve(dirname(fileURLToPath(import.meta.url)), '../../service');

/** Every .ts file under `dir`. */
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('service layers', () => {
  for (const layer of ['ops', 'query']) {
    it(`service/${layer} imports nothing from service/http`, () => {
      const files = tsFiles(join(SERVICE, layer));
      expect(files.length).toBeGreaterThan(3);
      const offending: string[] = [];
      for (const file of files) {
        for (const m of readFileSync(file, 'utf8').matchAll(/from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)) {
          const spec = (m[1] ?? m[2]) as string;
          if (!spec.startsWith('.')) continue;
          const target = relative(SERVICE, resolve(dirname(file), spec));
          if (target === 'http' || target.startsWith('http/')) offending.push(`${relative(SERVICE, file)} → ${spec}`);
        }
      }
      expect(offending).toEqual([]);
    });
  }
});
