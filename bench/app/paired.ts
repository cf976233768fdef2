import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { currentAppDir, setAppDir } from './app-process.ts';
import { LAUNCH_MEASURES, type LaunchSample, launchOnce } from './launch.ts';
import { median, ms, table } from './report.ts';

/**
 * Paired launches (`--pair DIR`): this checkout's `npm start` and another's (DIR, with its own install and
 * build), launched in turn, `pairs` times each, the order swapped every round, each on a data folder of its
 * own. A launch's time swings by a fifth on these shared 2-core machines from one minute to the next; taken
 * in turn, both versions meet the same swings, so the ratio of their medians is what a change did. One
 * launch of each first, not counted: it builds what is stale and makes the demo database.
 */
export async function runPairedLaunches(
  browser: Browser,
  workDir: string,
  otherDir: string,
  pairs: number,
): Promise<string> {
  const thisDir = currentAppDir();
  const versions = [
    { name: 'this', dir: thisDir, samples: [] as LaunchSample[] },
    { name: 'other', dir: otherDir, samples: [] as LaunchSample[] },
  ];
  const launch = async (v: (typeof versions)[number]) => {
    setAppDir(v.dir);
    return launchOnce(browser, join(workDir, `data-${v.name}`));
  };
  try {
    for (const v of versions) await launch(v);
    for (let i = 0; i < pairs; i++) {
      process.stderr.write(`bench:app: pair ${i + 1}/${pairs}\n`);
      for (const v of i % 2 === 0 ? versions : [...versions].reverse()) v.samples.push(await launch(v));
    }
  } finally {
    setAppDir(thisDir);
  }
  const [mine, other] = versions as [(typeof versions)[0], (typeof versions)[0]];
  const row = (label: string, f: (s: LaunchSample) => number) => {
    const a = median(mine.samples.map(f));
    const b = median(other.samples.map(f));
    return [label, ms(a), ms(b), `${(a / b).toFixed(2)}×`.padStart(6)];
  };
  return [
    `\n(a) Launch → first painted Teams row, paired: ${pairs} launches each of this checkout and of ${otherDir}, in turn (medians)\n`,
    table(
      ['measure', 'this', 'other', 'ratio'],
      LAUNCH_MEASURES.map(([label, f]) => row(label, f)),
    ),
  ].join('\n');
}
