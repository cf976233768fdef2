import { autoUpdate, flip, offset, type Placement, shift, size, useFloating } from '@floating-ui/react';

/** Space kept between a floating panel and the window's edges, in CSS pixels. */
const EDGE = 8;
/** A panel never gets shorter than this for want of room (it scrolls inside instead). */
const MIN_HEIGHT = 120;

/**
 * Places a floating panel (a menu, a popover, a status line) beside its anchor and keeps it inside the
 * window, with Floating UI: `flip` takes the other side when there is no room, `shift` slides it back
 * from the left and right edges, `size` caps its height to the room left (it scrolls inside). Fixed
 * positioning, so no scroll box or card around the anchor clips it, while the panel stays where it is
 * in the DOM (its Tab order follows its anchor). Positions follow scrolls and resizes while it is open.
 *
 * Returns Floating UI's `refs` (`setReference` on the anchor, `setFloating` on the panel) and the
 * panel's `floatingStyles`.
 */
export function useViewportFloat(open: boolean, placement: Placement = 'bottom-start') {
  return useFloating({
    open,
    placement,
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip({ padding: EDGE }),
      shift({ padding: EDGE }),
      size({
        padding: EDGE,
        apply({ availableHeight, elements }) {
          elements.floating.style.maxHeight = `${Math.max(MIN_HEIGHT, Math.floor(availableHeight))}px`;
        },
      }),
    ],
  });
}
