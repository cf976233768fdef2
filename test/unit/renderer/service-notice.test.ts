import { describe, expect, it } from 'vitest';
import { serviceNoticeText } from '../../../renderer/app/ServiceNotice.tsx';

// The words of the page's one notice about the app's own local service, per state the host reports.

const stopAt = '2026-11-25T12:57:00.000Z';
// The time of day in the app's one style, `HH:MM` in the computer's time zone.
const stop = new Date(stopAt);
const at = `${String(stop.getHours()).padStart(2, '0')}:${String(stop.getMinutes()).padStart(2, '0')}`;

describe('serviceNoticeText', () => {
  it('says nothing while it runs as started, or when it is not the service in use', () => {
    expect(serviceNoticeText({ state: 'running', restarts: 0, lastStopAt: null, message: null }, 0)).toBeNull();
    expect(serviceNoticeText({ state: 'none', restarts: 3, lastStopAt: stopAt, message: null }, 0)).toBeNull();
    expect(serviceNoticeText(undefined, 0)).toBeNull();
  });

  it('says it was restarted, once per restart not yet dismissed', () => {
    const s = { state: 'running', restarts: 1, lastStopAt: stopAt, message: null } as const;
    expect(serviceNoticeText(s, 0)).toBe(
      `The local service stopped unexpectedly at ${at} and was restarted; what was loading carried on.`,
    );
    expect(serviceNoticeText(s, 1)).toBeNull();
    expect(serviceNoticeText({ ...s, restarts: 3 }, 1)).toBe(
      `The local service stopped unexpectedly at ${at} and was restarted (2 times); what was loading carried on.`,
    );
  });

  it('gives the host’s sentence while it restarts and after it gave up', () => {
    const failed =
      'The local service stopped and could not be restarted (x). Rinkside tries again with the next request.';
    expect(serviceNoticeText({ state: 'failed', restarts: 1, lastStopAt: stopAt, message: failed }, 1)).toBe(failed);
    const restarting = 'The local service stopped unexpectedly; Rinkside is restarting it.';
    expect(serviceNoticeText({ state: 'restarting', restarts: 0, lastStopAt: stopAt, message: restarting }, 0)).toBe(
      restarting,
    );
  });
});
