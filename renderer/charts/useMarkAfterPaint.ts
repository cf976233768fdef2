import { useEffect } from 'react';

/**
 * Calls `mark` once the frame after this render has been painted (a frame, then a task), unless `when` is
 * false or the component renders again first.
 */
export function useMarkAfterPaint(when: boolean, mark: () => void): void {
  useEffect(() => {
    if (!when) return;
    let t: ReturnType<typeof setTimeout> | undefined;
    const raf = requestAnimationFrame(() => {
      t = setTimeout(mark, 0);
    });
    return () => {
      cancelAnimationFrame(raf);
      if (t) clearTimeout(t);
    };
  });
}
