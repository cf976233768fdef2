import { access, copyFile } from 'node:fs/promises';
import { buildAtomically } from './store.ts';

/**
 * The demo database made once by the build, beside the built service child (`out/main/demo.sqlite`,
 * scripts/demo-template.ts): a first launch on a new data folder copies this finished file instead of
 * generating the synthetic world again. It is the same file `ensureDemoDatabase` would make (size `demo`,
 * seed 1); a rebuild of out/main makes it anew, so it never outlives the generator it came from.
 */
export const DEMO_TEMPLATE_NAME = 'demo.sqlite';

/**
 * Copies `template` to `file` through a temp file renamed into place (a copy cut short leaves nothing).
 * Resolves true once `file` is the template's copy; false when there is no template (run from the
 * sources, or a build whose template step failed), and the caller generates the world instead.
 * @throws I/O errors of the copy itself (a full disk, a data folder that cannot be written).
 */
export async function copyDemoTemplate(template: string, file: string): Promise<boolean> {
  const present = await access(template).then(
    () => true,
    () => false,
  );
  if (!present) return false;
  await buildAtomically(file, (temp) => copyFile(template, temp));
  return true;
}
