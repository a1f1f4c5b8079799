import { Link } from "react-router-dom";
import { PageHero, Section } from "../../components/content/Blocks";

/** /donate: under construction, how donations help, memorial flowers are free. */
export default function DonatePage() {
  return (
    <>
      <PageHero title="Donate" lead="Thank you for thinking of the families we serve.">
        <p>
          <span className="under-construction">Under Construction</span>
        </p>
        <p>
          This page is still being built. Meanwhile you can give through our <Link to="/support-donation">Donate & Sponsor</Link> page.
        </p>
      </PageHero>
      <Section id="how-donations-help" title="How Donations Help">
        <div className="prose">
          <ul>
            <li>Maintain the Garden of Remembrance, so every baby can be remembered by name.</li>
            <li>Host Evening of Reflection events, where parents pray and remember together.</li>
            <li>Provide resources on grief, healing and faith to families who need them.</li>
            <li>Send comfort letters and cards to parents in the weeks and months after their loss.</li>
          </ul>
          <p className="notice">Memorial flowers are always free. No one is ever asked to pay to remember their baby in our garden.</p>
        </div>
      </Section>
    </>
  );
}
