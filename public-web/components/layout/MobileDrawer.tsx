import { useEffect, useRef, type KeyboardEvent } from "react";
import { Link, useLocation } from "react-router-dom";
import { useT } from "../../lib/i18n";
import { CloseIcon } from "../ui/icons/Icon";
import { LanguageLink } from "./LanguageLink";
import { DONATE_LINK, HOME_LINK, MENUS, isCurrent } from "./nav";
import "./mobileDrawer.css";

interface DrawerProps {
  open: boolean;
  onClose(): void;
  id: string;
}

/**
 * The small-screen navigation: a modal panel from the right (300 px, 400 px
 * on wider small screens). The native modal dialog makes the page behind it
 * inert; Tab and Shift+Tab also wrap inside it; Escape closes it; focus goes
 * back to the menu button. Its contents are made only while it is open: it
 * cannot open without JavaScript (the footer lists every page then), and
 * every page's HTML is some forty elements (1.4 KB) lighter without them.
 * Its code loads when the visitor reaches for the menu button (the header's
 * lazy import), not with every page.
 */
export default function MobileDrawer({ open, onClose, id }: DrawerProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const { pathname } = useLocation();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      dialog.querySelector<HTMLElement>(".dialog__close")?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // The latest onClose, for listeners that should not be re-attached when the parent re-renders.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  // Following a link closes the drawer (it is made by the press that opens it: that first path is not a move).
  const openedAt = useRef(pathname);
  useEffect(() => {
    if (pathname !== openedAt.current) close.current();
    openedAt.current = pathname;
  }, [pathname]);

  // A click on the backdrop (the dialog element itself, outside the panel) closes it; keyboard users
  // have Escape and the close button.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onBackdrop = (e: MouseEvent) => {
      if (e.target === dialog) close.current();
    };
    dialog.addEventListener("click", onBackdrop);
    return () => dialog.removeEventListener("click", onBackdrop);
  }, []);

  const trapTab = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== "Tab" || !ref.current) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>("a[href], button:not([disabled])"));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const link = (to: string, label: string, className = "drawer__link") => {
    const current = isCurrent(pathname, to);
    return (
      <Link to={to} className={`${className}${current ? " is-active" : ""}`} aria-current={current ? "page" : undefined}>
        {t(label)}
      </Link>
    );
  };

  return (
    <dialog
      ref={ref}
      id={id}
      className="drawer"
      aria-label={t("Site menu")}
      onKeyDown={trapTab}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClose={() => {
        if (opener.current instanceof HTMLElement) opener.current.focus();
        if (open) onClose();
      }}
    >
      {open ? (
        <div className="drawer__panel">
          <div className="drawer__top">
            <span className="drawer__title">{t("Menu")}</span>
            {/* The dialogs' close button: its styles are already on every page. */}
            <button type="button" className="dialog__close" aria-label={t("Close menu")} onClick={onClose}>
              <CloseIcon />
            </button>
          </div>
          <nav aria-label={t("Main menu")}>
            <ul className="drawer__list">
              <li>{link(HOME_LINK.to, HOME_LINK.label)}</li>
              {MENUS.map((menu) => (
                <li key={menu.id}>
                  <p className="drawer__group" id={`drawer-${menu.id}`}>
                    {t(menu.label)}
                  </p>
                  <ul aria-labelledby={`drawer-${menu.id}`}>
                    {menu.items.map((item) => (
                      <li key={item.to}>{link(item.to, item.label)}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
            {link(DONATE_LINK.to, DONATE_LINK.label, "btn btn--accent drawer__donate")}
            <LanguageLink className="drawer__link" />
          </nav>
        </div>
      ) : null}
    </dialog>
  );
}
