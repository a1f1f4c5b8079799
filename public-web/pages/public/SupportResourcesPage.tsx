import { Link } from "react-router-dom";
import { PageHero, Section } from "../../components/content/Blocks";
import { ExternalLink } from "../../components/content/ExternalLink";
import { SiteListPending } from "../../components/content/SiteListPending";
import { useLocale, useT } from "../../lib/i18n";
import { useSiteLists } from "../../lib/site";
import { useScrollTop } from "../../lib/useScrollTop";
import { SUPPORT_RESOURCES } from "./words/supportResources";

/** Support & Resources: curated outside links, each in a new tab, then the disclaimer. */
export default function SupportResourcesPage() {
  useScrollTop();
  const { lists, failed } = useSiteLists();
  const t = useT();
  const w = SUPPORT_RESOURCES[useLocale()];
  return (
    <>
      <PageHero eyebrow={t("Start Here")} title={t("Support & Resources")} lead={w.lead} />
      {lists ? null : (
        <div className="container">
          <SiteListPending failed={failed} />
        </div>
      )}
      {w.sections.map(({ id, title }, i) => {
        const entry = lists?.resources.find((r) => r.section === title);
        return (
          <Section key={id} id={id} title={title} intro={entry?.intro} tone={i % 2 === 1 ? "soft" : undefined}>
            <ul className="resource-list">
              {id === "remember-your-baby" ? (
                <li>
                  <Link to="/garden-of-remembrance">{w.gardenLink}</Link>
                  <p>{w.gardenText}</p>
                </li>
              ) : null}
              {(entry?.links ?? []).map((link) => (
                <li key={link.url + link.label}>
                  <ExternalLink href={link.url}>{link.label}</ExternalLink>
                  {link.description ? <p>{link.description}</p> : null}
                </li>
              ))}
            </ul>
            {id === "struggling-to-cope" ? <p className="notice notice--warning">{w.crisis}</p> : null}
          </Section>
        );
      })}
      <div className="container">
        <p className="notice">{w.disclaimer}</p>
      </div>
    </>
  );
}
