import type { ReactNode } from "react";
import { useT } from "../../lib/i18n";

/** A link to another website: opens in a new tab, safely, and says so to screen readers. */
export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const t = useT();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="visually-hidden">{` ${t("(opens in a new tab)")}`}</span>
    </a>
  );
}
