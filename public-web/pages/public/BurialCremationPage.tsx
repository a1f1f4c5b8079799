import { Link } from "react-router-dom";
import { URGENT_RESPONSE_TARGET } from "../../../shared/constants";
import { Card, PageHero, Section } from "../../components/content/Blocks";
import { PhoneLink, PhoneList } from "../../components/content/Contact";
import { rich, useT } from "../../lib/i18n";
import { useSite } from "../../lib/site";
import { FlowerIcon } from "../../components/ui/icons/FlowerIcon";
import { HeartIcon, LeafIcon } from "../../components/ui/icons/Icon";

/** Burial & Cremation: why it matters, how to reach us, urgent needs within an hour. */
export default function BurialCremationPage() {
  const site = useSite();
  const main = site.phones[0]!;
  const t = useT();
  return (
    <>
      <PageHero
        eyebrow={t("Start Here")}
        title={t("Burial & Cremation")}
        lead={t(
          "However early your loss, your baby was a real person, and it is good and right to lay them to rest with love. We can help you arrange a burial or cremation and walk with you through each step.",
        )}
      >
        <div className="btn-row">
          <Link to="/new-families" className="btn btn--accent">
            {t("Register as a New Family")}
          </Link>
          <PhoneLink number={main.number} className="btn btn--outline">
            {t("Call us: {number}", { number: main.number })}
          </PhoneLink>
        </div>
      </PageHero>

      <Section
        id="why"
        title={t("Why Burial or Cremation Matters")}
        intro={t("Many parents are not told that they may bury or cremate their baby. Doing so can help in ways that are hard to see at first.")}
      >
        <div className="grid">
          <Card title={t("It confirms your baby existed")} icon={<FlowerIcon />}>
            <p>{t("A grave or a place of rest is a lasting sign that your child lived, was loved and has a name. It gives you somewhere to return to.")}</p>
          </Card>
          <Card title={t("It helps you grieve")} icon={<HeartIcon />}>
            <p>{t("A simple service or a blessing lets family and friends mourn with you, instead of leaving you to carry your loss in silence.")}</p>
          </Card>
          <Card title={t("It opens the way to healing")} icon={<LeafIcon />}>
            <p>{t("Honouring your baby with care can bring comfort over time. Many parents say it was the first step toward peace.")}</p>
          </Card>
        </div>
      </Section>

      <Section id="urgent" tone="sage" title={t("When You Need Us Now")}>
        <div className="prose">
          <p>
            {rich(
              t(
                "Urgent needs are answered {target}. If you are at a hospital or at home and need help deciding what to do, please call {phones} rather than sending an email or a form, so that we can respond in time.",
              ),
              { target: t(URGENT_RESPONSE_TARGET), phones: <PhoneList /> },
            )}
          </p>
        </div>
      </Section>
    </>
  );
}
