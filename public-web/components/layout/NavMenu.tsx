import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { useT } from "../../lib/i18n";
import { isCurrent, type NavMenuDef } from "./nav";

/**
 * A header menu as a disclosure: a button with aria-expanded that shows a
 * list of links. Enter or Space toggles it; Escape closes it and returns
 * focus to the button; it closes when focus or a click goes elsewhere.
 */
export function NavMenu({ menu }: { menu: NavMenuDef }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const { pathname } = useLocation();
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const active = menu.items.some((item) => isCurrent(pathname, item.to));

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  return (
    <li
      ref={root}
      className="nav-menu"
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={`nav-link nav-menu__button${active ? " is-active" : ""}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {t(menu.label)}
        <span className="nav-menu__chevron" aria-hidden="true" />
      </button>
      <ul id={listId} className="nav-menu__list" hidden={!open}>
        {menu.items.map((item) => {
          const current = isCurrent(pathname, item.to);
          return (
            <li key={item.to}>
              <Link to={item.to} className={`nav-menu__link${current ? " is-active" : ""}`} aria-current={current ? "page" : undefined}>
                {t(item.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </li>
  );
}
