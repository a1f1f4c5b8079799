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

export const HOME_LINK: NavLinkDef = { label: "Home", to: "/" };
export const DONATE_LINK: NavLinkDef = { label: "Donate & Sponsor", to: "/support-donation" };

export const MENUS: NavMenuDef[] = [
  {
    label: "Start Here",
    id: "start-here",
    items: [
      { label: "New Families", to: "/new-families" },
      { label: "Burial & Cremation", to: "/burial-cremation" },
      { label: "Support & Resources", to: "/support-resources" },
    ],
  },
  {
    label: "Resources",
    id: "resources",
    items: [
      { label: "About Us", to: "/about-us" },
      { label: "Who We Are", to: "/who-we-are" },
      { label: "Garden of Remembrance", to: "/garden-of-remembrance" },
      { label: "Share Testimonial", to: "/share-testimonial" },
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
