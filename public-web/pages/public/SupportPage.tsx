import { Link } from "react-router-dom";
import { PageHero, Quote, Section } from "../../components/content/Blocks";
import { ContactBlock } from "../../components/content/Contact";
import { FindingSupportCards } from "../../components/content/SupportCards";
import { useT } from "../../lib/i18n";
import { useSite } from "../../lib/site";
import { useScrollTop } from "../../lib/useScrollTop";

/** /support: the three resource cards, ways to connect, a contact block and a scripture quote. */
export default function SupportPage() {
  useScrollTop();
  const site = useSite();
  const t = useT();
  return (
    <>
      <PageHero
        title={t("Finding Support")}
        lead={t("Whether your loss was yesterday or years ago, you are welcome here. These are the ways we can stay beside you.")}
      />
      <Section id="support-cards" title={t("How We Can Help")} center>
        <FindingSupportCards />
      </Section>
      <Section id="ways-to-connect" tone="soft" title={t("Ways to Connect")}>
        <ul className="resource-list">
          <li>
            <Link to="/garden-of-remembrance">{t("Visit the Garden of Remembrance")}</Link>
            <p>{t("Plant a memorial flower for your baby and leave a kind word for other families.")}</p>
          </li>
          <li>
            <Link to="/share-testimonial">{t("Share your testimonial")}</Link>
            <p>{t("Your story may be the comfort another parent needs to read today.")}</p>
          </li>
        </ul>
      </Section>
      <Section id="support-contact" title={t("Contact Us")}>
        <ContactBlock>{site.location ? <p>{t("Location: {location}", { location: site.location })}</p> : null}</ContactBlock>
        <Quote cite={t("Psalm 33:19 (Douay-Rheims)")}>
          {t("The Lord is nigh unto them that are of a contrite heart: and he will save the humble of spirit.")}
        </Quote>
      </Section>
    </>
  );
}
