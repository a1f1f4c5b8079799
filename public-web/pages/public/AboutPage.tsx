import { Card, PageHero, Section } from "../../components/content/Blocks";
import { useSite } from "../../lib/site";
import { FlowerIcon } from "../../components/ui/icons/FlowerIcon";
import { CrossIcon, HeartIcon } from "../../components/ui/icons/Icon";

const CORPORAL = [
  "Feed the hungry",
  "Give drink to the thirsty",
  "Clothe the naked",
  "Shelter the homeless",
  "Visit the sick",
  "Visit the imprisoned",
  "Bury the dead",
];

const SPIRITUAL = [
  "Instruct the ignorant",
  "Counsel the doubtful",
  "Admonish the sinner",
  "Bear wrongs patiently",
  "Forgive offences willingly",
  "Comfort the afflicted",
  "Pray for the living and the dead",
];

/** About Us: What, How, Why; what we do not do; the name; the works of mercy. */
export default function AboutPage() {
  const site = useSite();
  return (
    <>
      <PageHero
        eyebrow="Resources"
        title="About Us"
        lead={`${site.organisationName} exists so that no family has to face the loss of an unborn child alone, and no baby is forgotten.`}
      />
      <Section id="what-how-why" title="What We Do, How and Why" center>
        <div className="grid">
          <Card title="What" icon={<FlowerIcon />}>
            <p>
              We give immediate help with the burial or cremation of babies lost through miscarriage or stillbirth, so that parents can lay their child to rest
              with dignity.
            </p>
          </Card>
          <Card title="How" icon={<HeartIcon />}>
            <p>
              By comforting the sorrowful: we listen, pray, guide families through practical decisions and stay in touch through our volunteers and peer groups.
            </p>
          </Card>
          <Card title="Why" icon={<CrossIcon />}>
            <p>
              Because life begins at conception. Every child, however small, is a person made in the image of God and deserves to be honoured and remembered.
            </p>
          </Card>
        </div>
      </Section>

      <Section id="what-we-do-not-do" tone="soft" title="What We Do Not Do">
        <div className="prose">
          <p>
            We do not pay for funeral services arranged outside our apostolate, and we are not able to reimburse costs after the fact. Our help is for immediate
            losses: families who have just lost their baby and need to decide what to do next. If your loss was some time ago, we would still love to support
            you through prayer, our peer groups and the Garden of Remembrance.
          </p>
        </div>
      </Section>

      <Section id="our-name" title="Why an Apostolate, Not a Ministry">
        <div className="prose">
          <p>
            We call ourselves an apostolate rather than a ministry on purpose. A ministry is usually a work carried out by the Church's ordained clergy or under
            a parish's direct authority. An apostolate is the work of lay people, ordinary Catholics who answer the call of their Baptism to bring Christ's love
            into the world. Our volunteers are mothers, fathers, grandparents and friends, serving in communion with the Church and with the guidance of our
            spiritual director.
          </p>
        </div>
      </Section>

      <Section
        id="works-of-mercy"
        tone="sage"
        title="The Works of Mercy"
        intro="Our work grows from the works of mercy, especially burying the dead and comforting the afflicted."
      >
        <div className="grid grid--2 mercy-lists">
          <div className="card">
            <h3>The Corporal Works of Mercy</h3>
            <ol>
              {CORPORAL.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ol>
          </div>
          <div className="card">
            <h3>The Spiritual Works of Mercy</h3>
            <ol>
              {SPIRITUAL.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ol>
          </div>
        </div>
      </Section>
    </>
  );
}
