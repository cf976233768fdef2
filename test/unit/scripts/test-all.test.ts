import { execFile } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/test-all.sh (`npm test`), run for real in a folder of its own where `npm` and the two scripts it
// calls are stand-ins that log their call and exit with the status the test asks for: the log prints each
// step's time and the total, and a failing step ends the run with that step's own exit status.

const script = fileURLToPath(new URL('../../../scripts/test-all.sh', import.meta.url));
const run = promisify(execFile);
const root = mkdtempSync(join(tmpdir(), 'rinkside-test-all-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A stand-in command: logs its name and arguments to `calls`, then exits with `$FAIL_<NAME>` (0 unset). */
function standIn(path: string, name: string): void {
  writeFileSync(path, `#!/usr/bin/env bash\necho "${name} $*" >>"$CALLS"\nexit "\${FAIL_${name}:-0}"\n`);
  chmodSync(path, 0o755);
}

/** Runs a copy of test-all.sh with `fail` (stand-in name → exit status); its exit, output and the calls made. */
async function testAll(fail: Record<string, string>) {
  const dir = mkdtempSync(join(root, 'repo-'));
  mkdirSync(join(dir, 'scripts'));
  mkdirSync(join(dir, 'bin'));
  copyFileSync(script, join(dir, 'scripts', 'test-all.sh'));
  standIn(join(dir, 'bin', 'npm'), 'npm');
  standIn(join(dir, 'scripts', 'vitest-all.sh'), 'vitest');
  standIn(join(dir, 'scripts', 'with-keyring.sh'), 'e2e');
  const calls = join(dir, 'calls.log');
  writeFileSync(calls, '');
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${join(dir, 'bin')}:${process.env.PATH}`, CALLS: calls };
  for (const [name, status] of Object.entries(fail)) env[`FAIL_${name}`] = status;
  let exit = 0;
  let stdout = '';
  try {
    ({ stdout } = await run('bash', [join(dir, 'scripts', 'test-all.sh')], { env, timeout: 30_000 }));
  } catch (err) {
    const e = err as { code?: number; stdout?: string };
    exit = e.code ?? -1;
    stdout = e.stdout ?? '';
  }
  const made = readFileSync(calls, 'utf8').trim().split('\n');
  return { exit, lines: stdout.trim().split('\n'), made };
}

describe('scripts/test-all.sh', () => {
  it('runs the five steps in order, printing each one’s time after it and the total at the end', async () => {
    const { exit, lines, made } = await testAll({});
    expect(exit).toBe(0);
    expect(made).toEqual([
      'npm run -s typecheck',
      'npm run -s lint',
      'npm run -s build',
      'vitest ',
      'e2e npx playwright test',
    ]);
    const times = lines.filter((l) => /^== \w+: \d+ s$/.test(l)).map((l) => l.replace(/: \d+ s$/, ''));
    expect(times).toEqual(['== typecheck', '== lint', '== build', '== vitest', '== e2e', '== total']);
    // Each step's time comes after its own header and before the next step's header.
    const at = (re: RegExp) => lines.findIndex((l) => re.test(l));
    expect(at(/^== typecheck$/)).toBeLessThan(at(/^== typecheck: /));
    expect(at(/^== typecheck: /)).toBeLessThan(at(/^== lint$/));
    expect(at(/^== e2e: /)).toBe(lines.length - 2);
    expect(lines.at(-1)).toMatch(/^== total: \d+ s$/);
  });

  it.each([
    ['typecheck', { npm: '2' }, 2, 1],
    ['vitest', { vitest: '1' }, 1, 4],
    ['e2e', { e2e: '130' }, 130, 5],
  ])(
    'a failing %s step ends the run with its own exit status, after its time and the total',
    async (name, fail, status, steps) => {
      const { exit, lines, made } = await testAll(fail);
      expect(exit).toBe(status);
      expect(made).toHaveLength(steps);
      expect(lines.at(-2)).toMatch(new RegExp(`^== ${name}: \\d+ s$`));
      expect(lines.at(-1)).toMatch(
        new RegExp(`^== total: \\d+ s \\(stopped: ${name} exited with status ${status}\\)$`),
      );
    },
  );
});
