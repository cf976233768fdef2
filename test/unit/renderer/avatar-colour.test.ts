import { describe, expect, it } from 'vitest';
import { avatarStyle, luminance } from '../../../renderer/components/avatar-colour.ts';

/** WCAG 2.1 contrast ratio of two hex colours, worked out here from the definition (not the module's choice). */
function ratio(a: string, b: string): number {
  const la = luminance(a) ?? Number.NaN;
  const lb = luminance(b) ?? Number.NaN;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

describe('team avatar colours', () => {
  it('luminance follows WCAG 2.1: black 0, white 1, short and long hex alike', () => {
    expect(luminance('#000')).toBe(0);
    expect(luminance('#ffffff')).toBeCloseTo(1, 12);
    expect(luminance('#fff')).toBe(luminance('#ffffff'));
    expect(luminance('gold')).toBeNull();
  });

  it('initials on a light club colour (gold, white, silver) are dark; on navy they are white; AA large text either way', () => {
    for (const colour of ['#ffb81c', '#ffffff', '#a2aaad', '#041e42', '#c8102e', '#00843d']) {
      const style = avatarStyle(colour);
      expect(style?.backgroundColor).toBe(colour);
      const text = String(style?.color);
      expect(ratio(colour, text)).toBeGreaterThanOrEqual(4.5);
    }
    expect(avatarStyle('#ffb81c')?.color).toBe('#111111');
    expect(avatarStyle('#041e42')?.color).toBe('#fff');
  });

  it('a colour that is not a hex leaves the default avatar', () => {
    expect(avatarStyle('navy')).toBeUndefined();
    expect(avatarStyle(null)).toBeUndefined();
  });
});
