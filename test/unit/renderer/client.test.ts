// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { call, createHttpBridge, getBridge, setBridge } from '../../../renderer/bridge/client.ts';
import { BRIDGE_OPS, type Bridge } from '../../../shared/bridge/bridge.ts';
import { ServiceErrorException } from '../../../shared/contract/errors.ts';

afterEach(() => {
  setBridge(undefined);
  document.head.innerHTML = '';
});

describe('bridge client', () => {
  it('builds one function per bridge operation', () => {
    const bridge = createHttpBridge('t');
    expect(Object.keys(bridge).sort()).toEqual([...BRIDGE_OPS].sort());
  });
  it('unwraps ok results and rethrows error values as ServiceErrorException', async () => {
    // A stand-in preload, the way Electron's contextBridge would expose the real one.
    const preload = Object.fromEntries(
      BRIDGE_OPS.map((op) => [
        op,
        async () =>
          op === 'appInfo'
            ? { ok: true, value: { version: '0.1.0', shell: 'electron', baseUrl: 'http://127.0.0.1:1/v1', demo: true } }
            : {
                ok: false,
                error: { kind: 'forbidden', status: 403, message: 'league nhl is outside the subscription' },
              },
      ]),
    ) as unknown as Bridge;
    setBridge(preload);
    await expect(call('appInfo', {})).resolves.toMatchObject({ demo: true });
    const err = await call('keyStatus', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceErrorException);
    expect((err as ServiceErrorException).error).toEqual({
      kind: 'forbidden',
      status: 403,
      message: 'league nhl is outside the subscription',
    });
  });
  it('without a preload or token, every call fails with a plain network error', async () => {
    const err = await getBridge()
      .appInfo({})
      .then((r) => r);
    expect(err.ok).toBe(false);
    if (!err.ok) expect(err.error.kind).toBe('network');
  });
});
