import { Link } from "react-router-dom";
import { URGENT_RESPONSE_TARGET } from "../../../shared/constants";
import { Section } from "../../components/content/Blocks";
import { PhoneList } from "../../components/content/Contact";
import { FindingSupportCards } from "../../components/content/SupportCards";
import FlowerPicker from "../../components/flowers/FlowerPicker";
import AssistanceForm from "../../components/forms/AssistanceForm";
import { rich, useT } from "../../lib/i18n";
import { useSite } from "../../lib/site";

/** Home: hero, assistance request, the garden's flowers, finding support and the mission banner. */
export default function HomePage() {
  const site = useSite();
  const t = useT();
  return (
    <>
      <section className="hero hero--home">
        <div className="container">
          <p className="hero__eyebrow">{site.organisationName}</p>
          <h1>{t("Your baby's life matters, and so does your grief")}</h1>
          <p className="hero__lead">
            {t(
              "We are a Catholic lay apostolate walking beside mothers and families after miscarriage, stillbirth or the loss of an unborn child. We honour every mother and every baby with respect, help with burial or cremation, and stay close in prayer and friendship for as long as you need us.",
            )}
          </p>
          <div className="btn-row">
            <Link to="/garden-of-remembrance" className="btn btn--accent">
              {t("Visit Garden of Remembrance")}
            </Link>
            <Link to="/support-resources" className="btn btn--outline">
              {t("Find Support")}
            </Link>
          </div>
        </div>
      </section>

      <Section
        id="assistance"
        title={t("Request Assistance")}
        center
        intro={
          <>
            {rich(
              t("Tell us how we can help, and a volunteer will be in touch. Urgent needs are answered {target}: for anything urgent, please call {phones}."),
              {
                target: t(URGENT_RESPONSE_TARGET),
                phones: <PhoneList />,
              },
            )}
          </>
        }
      >
        <div className="home-form">
          <AssistanceForm />
        </div>
      </Section>

      <Section
        id="garden"
        tone="soft"
        center
        title={t("Garden of Remembrance")}
        intro={t(
          "Every flower in our garden honours a baby who is loved and remembered. Each one carries a name given to Our Lady in the old flower gardens of Mary. Choose a flower to learn what it means.",
        )}
      >
        <FlowerPicker />
        <div className="btn-row btn-row--center">
          <Link to="/garden-of-remembrance#add-flower" className="btn btn--accent">
            {t("Add Memorial Flower")}
          </Link>
          <Link to="/garden-of-remembrance" className="btn btn--outline">
            {t("Enter the Garden")}
          </Link>
        </div>
      </Section>

      <Section
        id="finding-support"
        center
        title={t("Finding Support")}
        intro={t("Grief after losing a baby can feel lonely and hard to explain. Here is how we can walk with you.")}
      >
        <FindingSupportCards />
        <div className="btn-row btn-row--center">
          <Link to="/support-resources" className="btn">
            {t("Explore All Support & Resources")}
          </Link>
        </div>
      </Section>

      <section className="section" aria-labelledby="mission-title">
        <div className="container">
          <div className="banner">
            <h2 id="mission-title">{t("Support Our Mission")}</h2>
            <p>
              {t(
                "Every gift helps a family lay their baby to rest with dignity and receive comfort in the weeks that follow. Your story can also help another parent feel less alone.",
              )}
            </p>
            <div className="btn-row">
              <Link to="/support-donation" className="btn btn--accent">
                {t("Make a Donation")}
              </Link>
              <Link to="/share-testimonial" className="btn btn--outline">
                {t("Share Your Story")}
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
