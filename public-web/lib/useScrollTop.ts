import { useEffect } from "react";

/** Scrolls to the top when the page opens, unless a #anchor asks otherwise. */
export function useScrollTop(): void {
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, []);
}
