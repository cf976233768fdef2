import { describe, expect, it } from 'vitest';
import { connectionBadge } from '../../../renderer/app/connectionBadge.ts';

describe('connectionBadge (the top bar says what the built-in key serves)', () => {
  it('says "Demo data" only for synthetic data on the built-in key', () => {
    expect(connectionBadge(true, 'synthetic', false)?.label).toBe('Demo data');
    expect(connectionBadge(true, 'synthetic', false)?.kind).toBe('demo');
  });

  it('labels a Hockey Databank database on the built-in key as the local service, never as demo data', () => {
    const b = connectionBadge(true, 'hockey-databank', false);
    expect(b?.label).toBe('Local service');
    expect(b?.kind).toBe('local');
    expect(b?.title).toContain('Hockey Databank');
  });

  it('shows nothing on the scout’s own key, whatever the data', () => {
    expect(connectionBadge(false, 'synthetic', false)).toBeNull();
    expect(connectionBadge(false, 'hockey-databank', false)).toBeNull();
  });

  it('waits for /about before naming the data, and falls back to "Local service" when it fails', () => {
    expect(connectionBadge(true, undefined, false)).toBeNull();
    expect(connectionBadge(true, undefined, true)?.label).toBe('Local service');
  });
});
