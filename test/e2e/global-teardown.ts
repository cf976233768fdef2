import { rm } from 'node:fs/promises';
import { e2eEnv } from './env.ts';

/** Removes the run's temp folder: the data folders and the keys file with the run's random keys. */
export default async function globalTeardown(): Promise<void> {
  await rm(e2eEnv().runDir, { recursive: true, force: true, maxRetries: 3 });
}
