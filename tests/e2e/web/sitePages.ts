/**
 * The public routes of with the text a person must find on each:
 * its h1 and a sentence of its main content. Shared by the page, no-JS and
 * accessibility tests.
 */
export interface PageCase {
  path: string;
  h1: string;
  text: string;
  title: string;
}

export const SHORT_NAME = "Our Lady of Hope";

export const PUBLIC_PAGES: PageCase[] = [
  { path: "/", h1: "Your baby's life matters, and so does your grief", text: "Support Our Mission", title: `Home | ${SHORT_NAME}` },
  { path: "/new-families", h1: "New Families", text: "a link to a short e-document", title: `New Families | ${SHORT_NAME}` },
  { path: "/burial-cremation", h1: "Burial & Cremation", text: "It confirms your baby existed", title: `Burial & Cremation | ${SHORT_NAME}` },
  { path: "/support-resources", h1: "Support & Resources", text: "How to Help Someone Who Is Grieving", title: `Support & Resources | ${SHORT_NAME}` },
  { path: "/garden-of-remembrance", h1: "Garden of Remembrance", text: "Garden of Remembrance", title: `Garden of Remembrance | ${SHORT_NAME}` },
  { path: "/share-testimonial", h1: "Share Your Testimonial", text: "Share", title: `Share Testimonial | ${SHORT_NAME}` },
  { path: "/terms-of-service", h1: "Terms of Service", text: "Effective date: May 26, 2025", title: `Terms of Service | ${SHORT_NAME}` },
  { path: "/privacy-policy", h1: "Privacy Policy", text: "Children Under 13", title: `Privacy Policy | ${SHORT_NAME}` },
  { path: "/about-us", h1: "About Us", text: "Why an Apostolate, Not a Ministry", title: `About Us | ${SHORT_NAME}` },
  { path: "/who-we-are", h1: "Who We Are", text: "Founder and Program Director", title: `Who We Are | ${SHORT_NAME}` },
  { path: "/support", h1: "Finding Support", text: "Ways to Connect", title: `Finding Support | ${SHORT_NAME}` },
  { path: "/support-donation", h1: "Donate & Sponsor", text: "How Your Donation Helps", title: `Donate & Sponsor | ${SHORT_NAME}` },
  { path: "/donate", h1: "Donate", text: "Under Construction", title: `Donate | ${SHORT_NAME}` },
];

export const NOT_FOUND = { h1: "404 Page Not Found", text: "Did you forget to add the page to the router?" };
