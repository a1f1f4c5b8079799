import { useEffect, useRef, useState, type ReactNode } from "react";
import { Toaster } from "../../components/ui/Toaster";
import "../../styles/admin.css";

/**
 * The admin pages' frame. It becomes the main landmark, and mounts the
 * notification region, only when the site's layout has not already done so.
 */
export function AdminShell({ children, className = "" }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [standalone, setStandalone] = useState({ main: false, toaster: false });
  useEffect(() => {
    setStandalone({
      main: !ref.current?.closest("main") && !document.querySelector("main"),
      toaster: !document.querySelector(".toast-region"),
    });
  }, []);
  return (
    <div ref={ref} className={`admin-shell ${className}`} role={standalone.main ? "main" : undefined} id={standalone.main ? "main" : undefined}>
      {children}
      {standalone.toaster ? <Toaster /> : null}
    </div>
  );
}
