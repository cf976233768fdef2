// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../renderer/app/queryClient.ts';
import { setBridge } from '../../../renderer/bridge/client.ts';
import { ExportMenu } from '../../../renderer/table/ExportMenu.tsx';
import { AssignmentsView } from '../../../renderer/views/assignments/AssignmentsView.tsx';
import { CoverageView } from '../../../renderer/views/coverage/CoverageView.tsx';
import { ThresholdSetting } from '../../../renderer/views/coverage/ThresholdSetting.tsx';
import { DepartmentFacts } from '../../../renderer/views/player/DepartmentFacts.tsx';
import { leadersTableSpec } from '../../../renderer/views/team/goaltending-spec.ts';
import { ViewingLogView } from '../../../renderer/views/viewing-log/ViewingLogView.tsx';
import type { CoverageRow } from '../../../shared/department/desk.ts';
import { startTestHost, type TestHost } from './real-host.ts';

/**
 * The department's views in the app's one style, as the scout reads them: the disagreement threshold
 * written as grades are (its box, its sentence, its messages and the player page alike: `2`, not `2.0`);
 * one loading state in Coverage, Assignments and the viewing log (against a real host, before its first
 * answer); and "Copy this page" of a team's goaltending page, which waits for the ranked total rather than
 * copy rows without their under-Min-GP mark.
 */

afterEach(cleanup);

/** `ui` with the page's query client, at `path` of a memory router. */
function renderAt(ui: ReactNode, path = '/') {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the disagreement threshold, written as grades are', () => {
  const help = (threshold: number) => {
    renderAt(<ThresholdSetting threshold={threshold} director />);
    const form = screen.getByRole('form', { name: 'Department setting' });
    const box = within(form).getByRole('spinbutton', { name: 'Disagree over (grade points)' });
    const id = box.getAttribute('aria-describedby') ?? '';
    return { form, box, said: document.getElementById(id)?.textContent };
  };

  it('shows the same value in the box and in the sentence beside it', () => {
    const two = help(2);
    expect((two.box as HTMLInputElement).value).toBe('2');
    expect(two.said).toBe('An area is flagged when its grades’ range is over this: 0.5 to 9, in half points. Now 2.');
    cleanup();
    const half = help(2.5);
    expect((half.box as HTMLInputElement).value).toBe('2.5');
    expect(half.said).toBe(
      'An area is flagged when its grades’ range is over this: 0.5 to 9, in half points. Now 2.5.',
    );
  });

  it('says its bounds the same way when a typed value is out of them', () => {
    const { form, box } = help(2);
    fireEvent.change(box, { target: { value: '12' } });
    fireEvent.submit(form);
    expect(within(form).getByRole('alert').textContent).toBe(
      'The threshold is from 0.5 to 9 grade points, in half points (2 or 2.5).',
    );
  });

  it('reads the same to a scout and on the player page', () => {
    renderAt(<ThresholdSetting threshold={2} director={false} />);
    expect(
      screen.getByText('Scouts disagree where an area’s grades range over 2 points (the directors’ setting).'),
    ).toBeTruthy();
    cleanup();
    const row = {
      player: { source: 'embedded:test', playerId: 1, name: 'Ville Kapanen', dateOfBirth: null, position: 'C' },
      reports: 2,
      scouts: 2,
      scoutNames: ['Anna Berg', 'Ben Okafor'],
      firstSeen: '2026-11-10',
      lastSeen: '2026-11-18',
      disagreeAreas: [],
    } as unknown as CoverageRow;
    render(<DepartmentFacts row={row} threshold={2} />);
    expect(screen.getByRole('note').textContent).toBe(
      'Scouts agree: no area’s grades range over the department’s threshold of 2.',
    );
  });
});

describe('one loading state for the department’s views', () => {
  let t: TestHost;
  beforeAll(async () => {
    t = await startTestHost();
    setBridge(t.bridge);
  }, 120_000);
  afterAll(async () => {
    setBridge(undefined);
    await t?.close();
  });

  it('says what it reads, with the app’s grey line, in Coverage, Assignments and the viewing log alike', async () => {
    const views: [ReactNode, string][] = [
      [<CoverageView key="c" />, 'Loading the coverage…'],
      [<AssignmentsView key="a" />, 'Loading the assignments…'],
      [<ViewingLogView key="v" />, 'Loading the viewing log…'],
    ];
    const looks: string[] = [];
    for (const [view, words] of views) {
      const { container } = renderAt(view);
      // Before the host's first answer (the department's settings): the loading state, and nothing else.
      const state = screen.getAllByRole('status').find((s) => s.textContent === words);
      expect(state, words).toBeDefined();
      expect(state?.querySelector('.skeleton'), `${words} has the grey line`).not.toBeNull();
      looks.push(state?.className ?? '');
      expect(container.textContent).not.toMatch(/Reading/);
      // Then the host answers: no department on this computer, said as every department view says it.
      expect(await screen.findByText('No department set up.')).toBeTruthy();
      expect(screen.queryByText(words)).toBeNull();
      cleanup();
    }
    expect(new Set(looks).size).toBe(1);
  });
});

describe('copying a goaltending page waits for the ranked total', () => {
  const marker = 'Ranked (Min GP 16)';
  const spec = leadersTableSpec(
    {
      season: '1985-1986',
      block: 'regularStats',
      minGp: 16,
      query: { sort: ['-regularStats.GP'], offset: 0, limit: 50, filters: {} },
    },
    { teamId: 7, teamName: 'Hartford Whalers', seasons: ['1985-1986'] },
  );
  const rows = [
    { id: 1, player: { id: 11, name: 'Mike Liut' }, regularStats: { GP: 57 } },
    { id: 2, player: { id: 12, name: 'Steve Weeks' }, regularStats: { GP: 27 } },
    { id: 3, player: { id: 13, name: 'Ken Holland' }, regularStats: { GP: 1 } },
  ];
  const copied: string[] = [];
  beforeAll(() => {
    // jsdom has no clipboard: the browser's API, keeping what the page writes as text.
    class Item {
      readonly parts: Record<string, Blob>;
      constructor(parts: Record<string, Blob>) {
        this.parts = parts;
      }
    }
    Object.assign(globalThis, { ClipboardItem: Item });
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        write: async ([item]: Item[]) => {
          const text = item?.parts['text/plain'];
          if (!text) throw new Error('no text on the clipboard item');
          copied.push(await text.text());
        },
      },
    });
  });

  const copyWith = async (ranked: number | undefined) => {
    renderAt(<ExportMenu spec={spec} rows={rows} totalRecords={rows.length} ranked={ranked} />);
    fireEvent.click(screen.getByRole('button', { name: /^Export/ }));
    return screen.getByRole('button', { name: 'Copy this page' });
  };

  it('offers no copy while the ranked total is unknown, and says why; the shortcut copies nothing', async () => {
    expect(spec.after?.marker.header).toBe(marker);
    const button = await copyWith(undefined);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const why = document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(why).toBe(
      `Copy waits until the ranked rows are counted, so each row it copies says whether it is ranked (“${marker}”).`,
    );
    // The panel closed, the shortcut: nothing written, and the reason said where an export's outcome is.
    fireEvent.click(screen.getByRole('button', { name: /^Export/ }));
    await act(async () => {
      fireEvent.keyDown(window, { key: 'C', ctrlKey: true, shiftKey: true });
    });
    expect(copied).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe(`Not copied: ${why}`);
  });

  it('copies each row with its mark once the total is known', async () => {
    const button = await copyWith(2);
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.getAttribute('aria-describedby')).toBeNull();
    await act(async () => {
      fireEvent.click(button);
    });
    expect(copied).toHaveLength(1);
    const lines = (copied[0] ?? '').split('\n').map((l) => l.split('\t'));
    expect(lines.map((l) => l.at(-1))).toEqual([
      marker,
      '16 or more games: ranked',
      '16 or more games: ranked',
      'Under 16 games: not ranked',
    ]);
    expect(lines.map((l) => l[0])).toEqual(['Player', 'Mike Liut', 'Steve Weeks', 'Ken Holland']);
  });
});
