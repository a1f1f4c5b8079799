import { Link } from "react-router-dom";
import { pathInLocale } from "../../../shared/i18n/paths";
import { useLocale, useT } from "../../lib/i18n";
import { useSite } from "../../lib/site";
import { EmailLink, MailingAddress, PhoneLink } from "../content/Contact";
import { ExternalLink } from "../content/ExternalLink";
import { LanguageLink } from "./LanguageLink";
import { DONATE_LINK, HOME_LINK, MENUS } from "./nav";

/** The footer of every page: links, contact details from the site configuration, legal lines. */
export function Footer() {
  const site = useSite();
  const t = useT();
  const locale = useLocale();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <noscript>
        {/* Without JavaScript the header's menus cannot open: every page is listed here instead. */}
        <nav className="container site-footer__noscript" aria-label={t("All pages")}>
          <ul className="site-footer__legal">
            {[HOME_LINK, ...MENUS.flatMap((m) => m.items), DONATE_LINK].map((l) => (
              <li key={l.to}>
                <a href={pathInLocale(l.to, locale)}>{t(l.label)}</a>
              </li>
            ))}
          </ul>
        </nav>
      </noscript>
      <div className="site-footer__grid container">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__heading">
            {site.shortName}
          </h2>
          <p>{site.tagline}</p>
          <p className="site-footer__tax">
            {t("{organisation} is a 501(c)(3) non-profit organisation. Your donations are tax-deductible to the full extent allowed by law.", {
              organisation: site.organisationName,
            })}
          </p>
        </section>
        <section aria-labelledby="footer-quick">
          <h2 id="footer-quick" className="site-footer__heading">
            {t("Quick Links")}
          </h2>
          <ul className="site-footer__links">
            <li>
              <Link to="/garden-of-remembrance">{t("Garden of Remembrance")}</Link>
            </li>
            <li>
              <Link to="/share-testimonial">{t("Share Testimonial")}</Link>
            </li>
            <li>
              <Link to="/support-resources">{t("Support Resources")}</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-involved">
          <h2 id="footer-involved" className="site-footer__heading">
            {t("Get Involved")}
          </h2>
          <ul className="site-footer__links">
            <li>
              <Link to="/support-donation">{t("Make a Donation")}</Link>
            </li>
            <li>
              <a href="#contact">{t("Contact Us")}</a>
            </li>
            <li>
              <a href="#volunteer">{t("Volunteer")}</a>
            </li>
            <li>
              <a href="#newsletter">{t("Newsletter")}</a>
            </li>
          </ul>
        </section>
        <section id="contact" aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            {t("Contact")}
          </h2>
          <ul className="site-footer__links">
            <li>
              {t("Email:")} <EmailLink />
            </li>
            {site.phones.map((p) => (
              <li key={p.number}>
                {p.label}: <PhoneLink number={p.number} />
              </li>
            ))}
          </ul>
          <p className="site-footer__label">{t("Mailing address")}</p>
          <MailingAddress />
        </section>
      </div>
      <div className="site-footer__bottom container">
        <p>{t("© {year} {organisation}. All rights reserved.", { year: String(year), organisation: site.organisationName })}</p>
        <ul className="site-footer__legal">
          <li>
            <Link to="/privacy-policy">{t("Privacy Policy")}</Link>
          </li>
          <li>
            <Link to="/terms-of-service">{t("Terms of Service")}</Link>
          </li>
          <LanguageLink listItem />
        </ul>
        {site.websiteCredit ? (
          <p className="site-footer__credit">
            {t("Website:")}{" "}
            {site.websiteCredit.url ? <ExternalLink href={site.websiteCredit.url}>{site.websiteCredit.label}</ExternalLink> : site.websiteCredit.label}
          </p>
        ) : null}
      </div>
    </footer>
  );
}
