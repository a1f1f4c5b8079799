import { Link } from "react-router-dom";
import { PageHero, Section } from "../../components/content/Blocks";
import { ExternalLink } from "../../components/content/ExternalLink";
import { SiteListPending } from "../../components/content/SiteListPending";
import { useSiteLists } from "../../lib/site";
import { useScrollTop } from "../../lib/useScrollTop";

/** The page's sections, in order; their links come from the site configuration. */
const SECTIONS = [
  "Remember Your Baby",
  "Miscarriage Information and Support",
  "You Are Not Alone",
  "Articles",
  "Videos",
  "Struggling to Cope",
  "How to Help Someone Who Is Grieving",
] as const;

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Support & Resources: curated outside links, each in a new tab, then the disclaimer. */
export default function SupportResourcesPage() {
  useScrollTop();
  const { lists, failed } = useSiteLists();
  return (
    <>
      <PageHero
        eyebrow="Start Here"
        title="Support & Resources"
        lead="We have gathered organisations that other families have found trustworthy and kind. Take what helps and leave the rest; there is no right way to grieve."
      />
      {lists ? null : (
        <div className="container">
          <SiteListPending failed={failed} />
        </div>
      )}
      {SECTIONS.map((title, i) => {
        const entry = lists?.resources.find((r) => r.section === title);
        return (
          <Section key={title} id={slug(title)} title={title} intro={entry?.intro} tone={i % 2 === 1 ? "soft" : undefined}>
            <ul className="resource-list">
              {title === "Remember Your Baby" ? (
                <li>
                  <Link to="/garden-of-remembrance">Our Garden of Remembrance</Link>
                  <p>Plant a memorial flower with your baby's name in our own virtual garden.</p>
                </li>
              ) : null}
              {(entry?.links ?? []).map((link) => (
                <li key={link.url + link.label}>
                  <ExternalLink href={link.url}>{link.label}</ExternalLink>
                  {link.description ? <p>{link.description}</p> : null}
                </li>
              ))}
            </ul>
            {title === "Struggling to Cope" ? (
              <p className="notice notice--warning">If you are thinking about harming yourself, or you are in danger, call or text 988 now, or call 911.</p>
            ) : null}
          </Section>
        );
      })}
      <div className="container">
        <p className="notice">
          These links are offered for your information only. Listing an organisation or website here is not an endorsement of it, and we are not responsible for
          the content of outside sites.
        </p>
      </div>
    </>
  );
}
