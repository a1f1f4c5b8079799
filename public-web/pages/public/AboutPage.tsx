import { Card, PageHero, Section } from "../../components/content/Blocks";
import { useLocale, useT } from "../../lib/i18n";
import { useSite } from "../../lib/site";
import { FlowerIcon } from "../../components/ui/icons/FlowerIcon";
import { CrossIcon, HeartIcon } from "../../components/ui/icons/Icon";
import { ABOUT } from "./words/about";

/** About Us: What, How, Why; what we do not do; the name; the works of mercy. */
export default function AboutPage() {
  const site = useSite();
  const t = useT();
  const w = ABOUT[useLocale()];
  const { what, how, why } = w.cards;
  return (
    <>
      <PageHero eyebrow={t("Resources")} title={t("About Us")} lead={w.lead.replace("{organisation}", site.organisationName)} />
      <Section id="what-how-why" title={w.whatHowWhy} center>
        <div className="grid">
          <Card title={what[0]} icon={<FlowerIcon />}>
            <p>{what[1]}</p>
          </Card>
          <Card title={how[0]} icon={<HeartIcon />}>
            <p>{how[1]}</p>
          </Card>
          <Card title={why[0]} icon={<CrossIcon />}>
            <p>{why[1]}</p>
          </Card>
        </div>
      </Section>

      <Section id="what-we-do-not-do" tone="soft" title={w.notTitle}>
        <div className="prose">
          <p>{w.not}</p>
        </div>
      </Section>

      <Section id="our-name" title={w.nameTitle}>
        <div className="prose">
          <p>{w.name}</p>
        </div>
      </Section>

      <Section id="works-of-mercy" tone="sage" title={w.mercyTitle} intro={w.mercyIntro}>
        <div className="grid grid--2 mercy-lists">
          <div className="card">
            <h3>{w.corporalTitle}</h3>
            <ol>
              {w.corporal.map((work) => (
                <li key={work}>{work}</li>
              ))}
            </ol>
          </div>
          <div className="card">
            <h3>{w.spiritualTitle}</h3>
            <ol>
              {w.spiritual.map((work) => (
                <li key={work}>{work}</li>
              ))}
            </ol>
          </div>
        </div>
      </Section>
    </>
  );
}
