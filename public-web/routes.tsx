import type { ComponentType } from "react";
import { msg, type Translate } from "./lib/i18n";
import { NOT_FOUND_TITLE } from "./lib/notFound";

/**
 * The route table: path → page module, with the page's title and
 * description for the document head. The router, the server-side renderer
 * and the navigation all read it. Pages are split by route.
 */
export interface RouteDef {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  /** The page module's file under public-web (the key of Vite's build manifest, to preload its chunk). */
  source: string;
  title: string;
  description: string;
  /** Rendered in the browser only (the server sends the page shell). */
  clientOnly?: boolean;
  /** The page sets its own title (from its data); the layout leaves it alone. */
  ownTitle?: boolean;
  /** The page shows the site configuration's lists (leaders, resource links): it is sent with them. */
  siteLists?: boolean;
}

export const ROUTES: RouteDef[] = [
  {
    path: "/",
    load: () => import("./pages/public/HomePage"),
    source: "pages/public/HomePage.tsx",
    title: msg("Home"),
    description: msg("A Catholic lay apostolate that accompanies mothers and families after miscarriage, stillbirth or the loss of an unborn child."),
  },
  {
    path: "/new-families",
    load: () => import("./pages/public/NewFamiliesPage"),
    source: "pages/public/NewFamiliesPage.tsx",
    title: msg("New Families"),
    description: msg("How a family registers with us by phone, and the peer support and guidance that follow."),
  },
  {
    path: "/burial-cremation",
    load: () => import("./pages/public/BurialCremationPage"),
    source: "pages/public/BurialCremationPage.tsx",
    title: msg("Burial & Cremation"),
    description: msg("Why burial or cremation of your baby matters, and how we help you arrange it. Urgent needs are answered within an hour."),
  },
  {
    path: "/support-resources",
    load: () => import("./pages/public/SupportResourcesPage"),
    source: "pages/public/SupportResourcesPage.tsx",
    title: msg("Support & Resources"),
    description: msg("Trusted organisations for remembrance, information about miscarriage, peer support and help when grief is too heavy."),
    siteLists: true,
  },
  {
    path: "/garden-of-remembrance",
    load: () => import("./pages/public/GardenPage"),
    source: "pages/public/GardenPage.tsx",
    title: msg("Garden of Remembrance"),
    description: msg("A virtual garden where families plant a memorial flower in honour of their baby."),
  },
  {
    path: "/garden-of-remembrance/:memorial",
    load: () => import("./pages/public/MemorialPage"),
    source: "pages/public/MemorialPage.tsx",
    title: msg("In Loving Memory"),
    description: msg("A memorial flower in the Garden of Remembrance."),
    ownTitle: true,
  },
  {
    path: "/share-testimonial",
    load: () => import("./pages/public/ShareTestimonialPage"),
    source: "pages/public/ShareTestimonialPage.tsx",
    title: msg("Share Testimonial"),
    description: msg("Read the stories of other families and share your own."),
  },
  {
    path: "/terms-of-service",
    load: () => import("./pages/public/TermsPage"),
    source: "pages/public/TermsPage.tsx",
    title: msg("Terms of Service"),
    description: msg("The terms for using this website, effective May 26, 2025."),
  },
  {
    path: "/privacy-policy",
    load: () => import("./pages/public/PrivacyPage"),
    source: "pages/public/PrivacyPage.tsx",
    title: msg("Privacy Policy"),
    description: msg("How we collect, use and protect your information, effective May 26, 2025."),
  },
  {
    path: "/about-us",
    load: () => import("./pages/public/AboutPage"),
    source: "pages/public/AboutPage.tsx",
    title: msg("About Us"),
    description: msg("What we do, how we do it and why: an apostolate of mercy for families after the loss of an unborn child."),
  },
  {
    path: "/who-we-are",
    load: () => import("./pages/public/WhoWeArePage"),
    source: "pages/public/WhoWeArePage.tsx",
    title: msg("Who We Are"),
    description: msg("The volunteers and leaders who serve grieving families."),
    siteLists: true,
  },
  {
    path: "/support",
    load: () => import("./pages/public/SupportPage"),
    source: "pages/public/SupportPage.tsx",
    title: msg("Finding Support"),
    description: msg("Prayer, community and resources for families grieving the loss of a baby."),
  },
  {
    path: "/support-donation",
    load: () => import("./pages/public/SupportDonationPage"),
    source: "pages/public/SupportDonationPage.tsx",
    title: msg("Donate & Sponsor"),
    description: msg("Support our mission: your gift helps families bury their babies and find comfort."),
  },
  {
    path: "/donate",
    load: () => import("./pages/public/DonatePage"),
    source: "pages/public/DonatePage.tsx",
    title: msg("Donate"),
    description: msg("Our donation page is under construction. Learn how donations help grieving families."),
  },
  {
    path: "/admin/login",
    load: () => import("./pages/admin/LoginPage"),
    source: "pages/admin/LoginPage.tsx",
    title: msg("Administrator Login"),
    description: msg("Sign in to the administrator area."),
    clientOnly: true,
  },
  {
    path: "/admin",
    load: () => import("./pages/admin/DashboardPage"),
    source: "pages/admin/DashboardPage.tsx",
    title: msg("Administrator Dashboard"),
    description: msg("Moderate testimonials, memorial flowers and comments."),
    clientOnly: true,
  },
  {
    path: "*",
    load: () => import("./pages/public/NotFoundPage"),
    source: "pages/public/NotFoundPage.tsx",
    title: NOT_FOUND_TITLE,
    description: msg("The page you were looking for could not be found."),
  },
];

export const NOT_FOUND_ROUTE = ROUTES[ROUTES.length - 1]!;

/** The route for a path (exact match, ignoring one trailing slash), else the not-found route. */
export function routeFor(pathname: string): RouteDef {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return ROUTES.find((r) => r.path === p || (r.path.includes("/:") && matchesPattern(r.path, p))) ?? NOT_FOUND_ROUTE;
}

/** "/garden-of-remembrance/:memorial" matches "/garden-of-remembrance/12-grace" (one non-empty segment per parameter). */
function matchesPattern(pattern: string, p: string): boolean {
  const want = pattern.split("/");
  const got = p.split("/");
  return want.length === got.length && want.every((part, i) => (part.startsWith(":") ? got[i] !== "" : part === got[i]));
}

/** The document title of a route in the page's language: the page's title, then the organisation's short name. */
export function documentTitle(route: RouteDef, shortName: string, t: Translate): string {
  return route === NOT_FOUND_ROUTE ? t(NOT_FOUND_TITLE) : `${t(route.title)} | ${shortName}`;
}
