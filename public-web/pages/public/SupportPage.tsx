import { Link } from "react-router-dom";
import { PageHero, Quote, Section } from "../../components/content/Blocks";
import { ContactBlock } from "../../components/content/Contact";
import { FindingSupportCards } from "../../components/content/SupportCards";
import { useSite } from "../../lib/site";
import { useScrollTop } from "../../lib/useScrollTop";

/** /support: the three resource cards, ways to connect, a contact block and a scripture quote. */
export default function SupportPage() {
  useScrollTop();
  const site = useSite();
  return (
    <>
      <PageHero title="Finding Support" lead="Whether your loss was yesterday or years ago, you are welcome here. These are the ways we can stay beside you." />
      <Section id="support-cards" title="How We Can Help" center>
        <FindingSupportCards />
      </Section>
      <Section id="ways-to-connect" tone="soft" title="Ways to Connect">
        <ul className="resource-list">
          <li>
            <Link to="/garden-of-remembrance">Visit the Garden of Remembrance</Link>
            <p>Plant a memorial flower for your baby and leave a kind word for other families.</p>
          </li>
          <li>
            <Link to="/share-testimonial">Share your testimonial</Link>
            <p>Your story may be the comfort another parent needs to read today.</p>
          </li>
        </ul>
      </Section>
      <Section id="support-contact" title="Contact Us">
        <ContactBlock>{site.location ? <p>Location: {site.location}</p> : null}</ContactBlock>
        <Quote cite="Psalm 33:19 (Douay-Rheims)">The Lord is nigh unto them that are of a contrite heart: and he will save the humble of spirit.</Quote>
      </Section>
    </>
  );
}
