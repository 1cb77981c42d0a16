import { type RefObject, useLayoutEffect } from 'react';

/**
 * What floats above the bottom navigation besides the toasts (the "You won" card, product
 * §10.6.10) publishes its height here, and the toast region (toaster.tsx) stands on top of it: both
 * sit in the same place, and a toast drawn over the card hid it but for its edges. The card
 * stays still and the toasts move, so a toast coming or going never shifts the card.
 */
export const FLOATING_DOCK_VAR = '--floating-dock';

/** The room the toast region leaves below itself: the docked element's height minus its own bottom padding (the region has the same). */
export function dockRoom(height: number, paddingBottom: number): number {
  return height > 0 ? Math.max(0, height - paddingBottom) : 0;
}

/** Keeps FLOATING_DOCK_VAR on the document at the element's height while it is mounted. */
export function useFloatingDock(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => {
      const room = dockRoom(
        element.offsetHeight,
        Number.parseFloat(getComputedStyle(element).paddingBottom) || 0,
      );
      root.style.setProperty(FLOATING_DOCK_VAR, `${room}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(FLOATING_DOCK_VAR);
    };
  }, [ref]);
}
