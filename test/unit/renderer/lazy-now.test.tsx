// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyNow } from '../../../renderer/components/lazyNow.ts';

// A view whose code the app has already loaded (the views' code loaded in idle time after launch) is drawn in
// the first render of its route, not after a suspended render and a fallback: React.lazy alone suspends at its
// first render even then.

afterEach(cleanup);

const module = { View: () => <p>the view</p> };
const load = () => Promise.resolve(module);

function show(View: React.ComponentType) {
  render(
    <Suspense fallback={<p>waiting</p>}>
      <View />
    </Suspense>,
  );
}

describe('lazyNow', () => {
  it('draws a component whose module is in at its first render, without the fallback', async () => {
    const view = lazyNow(load, (m) => m.View);
    await view.load();
    show(view.Component);
    expect(screen.getByText('the view')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('React.lazy over the same loaded module shows the fallback first (what lazyNow spares)', async () => {
    await load();
    show(lazy(async () => ({ default: (await load()).View })));
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(await screen.findByText('the view')).toBeTruthy();
  });

  it('loads a module not yet in at the first render, showing the fallback meanwhile', async () => {
    let calls = 0;
    const view = lazyNow(
      () => {
        calls++;
        return load();
      },
      (m) => m.View,
    );
    show(view.Component);
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(await screen.findByText('the view')).toBeTruthy();
    expect(calls).toBe(1);
  });
});
