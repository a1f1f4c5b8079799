import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/**
 * The route table (SPEC §2): path → page module. The router, the server-side
 * renderer and the navigation all read it. Pages are split by route.
 */
export interface RouteDef {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
}

export const ROUTES: RouteDef[] = [
  { path: "/", load: () => import("./pages/public/HomePage") },
  { path: "/new-families", load: () => import("./pages/public/NewFamiliesPage") },
  { path: "/burial-cremation", load: () => import("./pages/public/BurialCremationPage") },
  { path: "/support-resources", load: () => import("./pages/public/SupportResourcesPage") },
  { path: "/garden-of-remembrance", load: () => import("./pages/public/GardenPage") },
  { path: "/share-testimonial", load: () => import("./pages/public/ShareTestimonialPage") },
  { path: "/terms-of-service", load: () => import("./pages/public/TermsPage") },
  { path: "/privacy-policy", load: () => import("./pages/public/PrivacyPage") },
  { path: "/about-us", load: () => import("./pages/public/AboutPage") },
  { path: "/who-we-are", load: () => import("./pages/public/WhoWeArePage") },
  { path: "/support", load: () => import("./pages/public/SupportPage") },
  { path: "/support-donation", load: () => import("./pages/public/SupportDonationPage") },
  { path: "/donate", load: () => import("./pages/public/DonatePage") },
  { path: "/admin/login", load: () => import("./pages/admin/LoginPage") },
  { path: "/admin", load: () => import("./pages/admin/DashboardPage") },
  { path: "*", load: () => import("./pages/public/NotFoundPage") },
];

export const lazyPage = (route: RouteDef): LazyExoticComponent<ComponentType> => lazy(route.load);
