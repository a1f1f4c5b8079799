import { Suspense, lazy, useCallback, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { useT } from "../../lib/i18n";
import { useSite } from "../../lib/site";
import { MenuIcon } from "../ui/icons/Icon";
import { LanguageLink } from "./LanguageLink";
import { NavMenu } from "./NavMenu";
import { DONATE_LINK, HOME_LINK, MENUS, isCurrent } from "./nav";

const DRAWER_ID = "site-drawer";
const loadDrawer = () => import("./MobileDrawer");
const MobileDrawer = lazy(loadDrawer);
// Fetched early on a hover or focus; should that fail, opening the drawer asks again.
const prefetchDrawer = () => void loadDrawer().catch(() => undefined);

/** The fixed 96 px header: Home, two menus and Donate & Sponsor; a drawer on small screens. */
export function Header() {
  const site = useSite();
  const t = useT();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer's code comes with the first press of Menu (asked for as the pointer or focus reaches it), then stays.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const homeCurrent = isCurrent(pathname, HOME_LINK.to);
  const donateCurrent = isCurrent(pathname, DONATE_LINK.to);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand">
          <span className="brand__mark" aria-hidden="true" />
          <span className="brand__name">{site.shortName}</span>
        </Link>
        <nav className="site-nav" aria-label={t("Main")}>
          <ul className="site-nav__list">
            <li>
              <Link to="/" className={`nav-link${homeCurrent ? " is-active" : ""}`} aria-current={homeCurrent ? "page" : undefined}>
                {t(HOME_LINK.label)}
              </Link>
            </li>
            {MENUS.map((menu) => (
              <NavMenu key={menu.id} menu={menu} />
            ))}
            <li>
              <Link
                to={DONATE_LINK.to}
                className={`btn btn--accent site-nav__donate${donateCurrent ? " is-active" : ""}`}
                aria-current={donateCurrent ? "page" : undefined}
              >
                {t(DONATE_LINK.label)}
              </Link>
            </li>
            <LanguageLink listItem className="nav-link site-nav__language" />
          </ul>
        </nav>
        <button
          type="button"
          className="menu-button"
          aria-expanded={drawerOpen}
          aria-controls={DRAWER_ID}
          aria-haspopup="dialog"
          onPointerEnter={prefetchDrawer}
          onFocus={prefetchDrawer}
          onClick={() => {
            setDrawerWanted(true);
            setDrawerOpen(true);
          }}
        >
          <MenuIcon />
          {t("Menu")}
        </button>
      </div>
      {drawerWanted ? (
        <Suspense>
          <MobileDrawer id={DRAWER_ID} open={drawerOpen} onClose={closeDrawer} />
        </Suspense>
      ) : null}
    </header>
  );
}
