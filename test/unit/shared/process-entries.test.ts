import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROCESS_ENTRIES, processEntryUrl } from '../../../shared/contract/process-entries.ts';

// Where the host finds the service child and the store worker: built code starts built entries, sources
// start sources (shared/contract/process-entries.ts).

describe('processEntryUrl', () => {
  it('from the sources (as here) gives each entry’s TypeScript source, which exists', () => {
    for (const [name, source] of Object.entries(PROCESS_ENTRIES)) {
      const file = fileURLToPath(processEntryUrl(name as keyof typeof PROCESS_ENTRIES));
      expect(file).toBe(fileURLToPath(new URL(`../../../${source}`, import.meta.url)));
      expect(existsSync(file)).toBe(true);
    }
  });

  it('from an entry of the build gives the built entry beside it in out/main', () => {
    expect(processEntryUrl('child', 'file:///app/out/main/browser-main.js').href).toBe('file:///app/out/main/child.js');
    expect(processEntryUrl('store-worker', 'file:///app/out/main/main.js').href).toBe(
      'file:///app/out/main/store-worker.js',
    );
  });

  it('from a shared chunk of the build gives the built entry one folder up', () => {
    expect(processEntryUrl('child', 'file:///app/out/main/chunks/service-process-Ab12.js').href).toBe(
      'file:///app/out/main/child.js',
    );
    expect(processEntryUrl('store-worker', 'file:///C:/Rinkside/out/main/chunks/app-x.js').href).toBe(
      'file:///C:/Rinkside/out/main/store-worker.js',
    );
  });

  it('a packaged app (an asar archive) keeps the same layout', () => {
    expect(processEntryUrl('child', 'file:///opt/Rinkside/resources/app.asar/out/main/main.js').href).toBe(
      'file:///opt/Rinkside/resources/app.asar/out/main/child.js',
    );
  });
});
