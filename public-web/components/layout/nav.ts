import { msg } from "../../lib/i18n";
import { NOT_FOUND_ROUTE, routeFor } from "../../routes";

/** The site's navigation: one list read by the header bar and the drawer. */
export interface NavLinkDef {
  label: string;
  to: string;
}

export interface NavMenuDef {
  label: string;
  id: string;
  items: NavLinkDef[];
}

export const HOME_LINK: NavLinkDef = { label: msg("Home"), to: "/" };
export const DONATE_LINK: NavLinkDef = { label: msg("Donate & Sponsor"), to: "/support-donation" };

export const MENUS: NavMenuDef[] = [
  {
    label: msg("Start Here"),
    id: "start-here",
    items: [
      { label: msg("New Families"), to: "/new-families" },
      { label: msg("Burial & Cremation"), to: "/burial-cremation" },
      { label: msg("Support & Resources"), to: "/support-resources" },
    ],
  },
  {
    label: msg("Resources"),
    id: "resources",
    items: [
      { label: msg("About Us"), to: "/about-us" },
      { label: msg("Who We Are"), to: "/who-we-are" },
      { label: msg("Garden of Remembrance"), to: "/garden-of-remembrance" },
      { label: msg("Share Testimonial"), to: "/share-testimonial" },
    ],
  },
];

/**
 * True when `pathname` is at or below `to`. On the not-found page nothing is current, so that page's
 * HTML is the same for every unknown address (the server renders it once).
 */
export function isCurrent(pathname: string, to: string): boolean {
  if (routeFor(pathname) === NOT_FOUND_ROUTE) return false;
  if (to === "/") return pathname === "/";
  return pathname === to || pathname.startsWith(`${to}/`);
}
