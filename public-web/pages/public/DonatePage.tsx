import { Link } from "react-router-dom";
import { PageHero, Section } from "../../components/content/Blocks";
import { rich, useT } from "../../lib/i18n";

/** /donate: under construction, how donations help, memorial flowers are free. */
export default function DonatePage() {
  const t = useT();
  return (
    <>
      <PageHero title={t("Donate")} lead={t("Thank you for thinking of the families we serve.")}>
        <p>
          <span className="under-construction">{t("Under Construction")}</span>
        </p>
        <p>
          {rich(t("This page is still being built. Meanwhile you can give through our {link} page."), {
            link: <Link to="/support-donation">{t("Donate & Sponsor")}</Link>,
          })}
        </p>
      </PageHero>
      <Section id="how-donations-help" title={t("How Donations Help")}>
        <div className="prose">
          <ul>
            <li>{t("Maintain the Garden of Remembrance, so every baby can be remembered by name.")}</li>
            <li>{t("Host Evening of Reflection events, where parents pray and remember together.")}</li>
            <li>{t("Provide resources on grief, healing and faith to families who need them.")}</li>
            <li>{t("Send comfort letters and cards to parents in the weeks and months after their loss.")}</li>
          </ul>
          <p className="notice">{t("Memorial flowers are always free. No one is ever asked to pay to remember their baby in our garden.")}</p>
        </div>
      </Section>
    </>
  );
}
