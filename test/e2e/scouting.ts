import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import type { ScoutingReport } from '../../shared/domain/reports.ts';
import { childrenOf, type startOwnApp } from './own-app.ts';

/** Helpers of the scouting reports' and boards' e2e tests. */

type OwnApp = Awaited<ReturnType<typeof startOwnApp>>;

/** Kills the app and the processes it started (its local service) with SIGKILL, and waits for its end. */
export async function killHard(a: OwnApp): Promise<void> {
  const pid = a.proc.pid as number;
  const kids = childrenOf(pid, '');
  const ended = new Promise((r) => (a.proc.exitCode !== null ? r(null) : a.proc.once('exit', r)));
  a.proc.kill('SIGKILL');
  for (const k of kids) {
    try {
      process.kill(k, 'SIGKILL');
    } catch {
      // It ended with its parent.
    }
  }
  await ended;
}

/** `n` skaters of one team-season of the demo database, read by the test's own service client. */
export async function skaters(
  service: { list<T>(path: string, q?: Record<string, string>): Promise<{ data: T[] }> },
  n: number,
): Promise<
  { id: number; name: string; position: string | null; dateOfBirth: string | null; teamId: number; season: string }[]
> {
  const teams = (await service.list<{ id: number }>('/teams', { sort: 'id', limit: '20' })).data;
  for (const team of teams) {
    const seasons = (await service.list<{ slug: string }>(`/teams/${team.id}/seasons`, { limit: '1000' })).data;
    const season = seasons
      .map((s) => s.slug)
      .sort()
      .at(-1);
    if (!season) continue;
    type Row = {
      player?: { id: number; name?: string | null; dateOfBirth?: string | null } | null;
      position?: string | null;
    };
    const rows = (await service.list<Row>(`/teams/${team.id}/player-stats`, { season, limit: '100' })).data;
    const out = rows.flatMap((r) =>
      r.player?.name && r.position !== 'G'
        ? [
            {
              id: r.player.id,
              name: r.player.name,
              position: r.position ?? null,
              dateOfBirth: r.player.dateOfBirth ?? null,
              teamId: team.id,
              season,
            },
          ]
        : [],
    );
    const unique = [...new Map(out.map((p) => [p.id, p])).values()];
    if (unique.length >= n) return unique.slice(0, n);
  }
  throw new Error(`no team-season of the demo database has ${n} skaters`);
}

/** One bridge call from the page, as the renderer makes it (the per-launch token from the page). */
export async function bridge<T>(page: Page, op: string, args: unknown): Promise<T> {
  const r = await page.evaluate(
    async ({ op, args }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="rinkside-bridge-token"]')?.content ?? '';
      const res = await fetch(`/bridge/${op}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-rinkside-token': token },
        body: JSON.stringify(args),
      });
      return res.json();
    },
    { op, args },
  );
  if (!r.ok) throw new Error(`${op}: ${r.error.message}`);
  return r.value as T;
}

/**
 * WCAG 2.1 AA on the page as it is, in the light and the dark colour scheme (axe-core, every rule), as
 * accessibility.spec.ts scans the views of the shared demo instance: one line per failing rule.
 */
export async function axeFailures(page: Page): Promise<string[]> {
  const out: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    for (const v of r.violations)
      out.push(
        `${scheme}: ${v.id}: ${v.help}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
      );
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return out;
}

/**
 * A final skater report on `p` through the bridge, as the report form saves it: a Kitchener–London OHL game
 * on `gameDate`, `skating` and a hockey sense of 7, and `projection`.
 */
export function finalSkaterReport(
  page: Page,
  p: { id: number; name: string; position: string | null; dateOfBirth: string | null },
  gameDate: string,
  skating = 7,
  projection = 'middle-six-f',
): Promise<ScoutingReport> {
  return bridge<ScoutingReport>(page, 'scoutingReportSave', {
    playerId: p.id,
    player: { name: p.name, position: p.position, dateOfBirth: p.dateOfBirth },
    gameDate,
    homeTeam: 'Kitchener Rangers',
    awayTeam: 'London Knights',
    league: 'OHL',
    score: '',
    positionPlayed: 'C',
    kind: 'skater',
    grades: { skating, hockeySense: 7 },
    projection,
    strengths: '',
    weaknesses: '',
    notes: `seen ${gameDate}`,
    status: 'final',
  });
}

/** The open view's table exported to CSV through its Export menu (the app's export path), as rows of cells. */
export async function exportedCsv(page: Page): Promise<string[][]> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Export/ }).click();
  await page.getByRole('button', { name: 'CSV' }).click();
  return Papa.parse<string[]>(await readFile(await (await downloading).path(), 'utf8'), { skipEmptyLines: true }).data;
}
