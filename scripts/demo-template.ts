import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_TEMPLATE_NAME } from '../service/data/demo-template.ts';

/**
 * The build's demo database (service/data/demo-template.ts): made by service/cli/ensure-demo.ts from the
 * sources, in a process of its own started with the main part's build, so the world is generated while
 * the bundler works; moved into the part's output folder only once complete, before the part's stamp is
 * written, so a current out/main always holds the demo database of its own generator.
 */
export interface DemoTemplateBuild {
  /**
   * Waits for the database and moves it into `outDir`. Never rejects: a failed generation is said on
   * stderr and leaves no template (the service child then generates the world at a first launch).
   */
  finish(outDir: string): Promise<void>;
}

/** Starts making the demo database for the build of the repository at `root` (temp files under out/). */
export function startDemoTemplate(root: string): DemoTemplateBuild {
  const work = join(root, 'out', `.demo-template-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const file = join(work, DEMO_TEMPLATE_NAME);
  const child: ChildProcess = spawn(process.execPath, [join(root, 'service', 'cli', 'ensure-demo.ts'), file], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A build that ends meanwhile takes the generation with it.
  const stop = () => child.kill();
  process.on('exit', stop);
  const ended = new Promise<boolean>((resolve) => {
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
  return {
    async finish(outDir) {
      const ok = await ended;
      process.off('exit', stop);
      let moved = false;
      try {
        if (ok) renameSync(file, join(outDir, DEMO_TEMPLATE_NAME));
        moved = ok;
      } catch {
        moved = false;
      }
      rmSync(work, { recursive: true, force: true });
      if (!moved)
        process.stderr.write('rinkside build: the demo database could not be made; a first launch will generate it.\n');
    },
  };
}
