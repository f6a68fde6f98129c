import { type RefObject, useEffect, useEffectEvent } from "react";

export type CloseReason = "outside" | "escape";

/**
 * While a menu is open, a press outside `root` or Escape anywhere closes it (focus may have left the menu
 * for the page). `onClose` hears which, so a menu can hand focus back to its button after Escape.
 */
export function useCloseOnOutside(isOpen: boolean, root: RefObject<HTMLElement | null>, onClose: (reason: CloseReason) => void) {
  const close = useEffectEvent(onClose);
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) close("outside");
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") close("escape");
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [isOpen, root]);
}
