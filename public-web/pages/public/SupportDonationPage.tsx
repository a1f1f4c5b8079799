import { Card, LinkCard, PageHero, Section } from "../../components/content/Blocks";
import { ContactBlock } from "../../components/content/Contact";
import { ExternalLink } from "../../components/content/ExternalLink";
import { DonationSupportCards } from "../../components/content/SupportCards";
import { useLocale, useT } from "../../lib/i18n";
import { useSite } from "../../lib/site";
import { FlowerIcon } from "../../components/ui/icons/FlowerIcon";
import { CrossIcon } from "../../components/ui/icons/Icon";
import { MailIcon } from "../../components/ui/icons/MailIcon";
import { SUPPORT_DONATION } from "./words/supportDonation";

/** /support-donation: Donate Now (new tab), the same form in an 800 px frame, how gifts help, links and contact. */
export default function SupportDonationPage() {
  const site = useSite();
  const t = useT();
  const w = SUPPORT_DONATION[useLocale()];
  const { burial, packages, garden, evenings } = w.helps;
  const { more } = w;
  return (
    <>
      <PageHero tone="rose" title={t("Donate & Sponsor")} lead={w.lead}>
        <div className="btn-row">
          <ExternalLink href={site.donationUrl} className="btn btn--accent">
            {w.donateNow}
          </ExternalLink>
        </div>
      </PageHero>

      <Section id="donation-form" title={w.formTitle} intro={w.formIntro}>
        {/* The form's own scripts, forms, cookies (it is another origin, so this gives it nothing of ours) and its payment
            windows (PayPal, a bank's card check) may run; it may not navigate this page away. */}
        <iframe
          className="donation-frame"
          src={site.donationUrl}
          title={w.frameTitle}
          height={800}
          loading="lazy"
          sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox"
          allow="payment"
        />
      </Section>

      <Section id="how-donation-helps" tone="soft" title={w.helpsTitle} center>
        <div className="grid">
          <Card title={burial[0]} icon={<FlowerIcon />}>
            <p>{burial[1]}</p>
          </Card>
          <Card title={packages[0]} icon={<MailIcon />}>
            <p>{packages[1]}</p>
          </Card>
          <Card title={garden[0]} icon={<FlowerIcon />}>
            <p>{garden[1]}</p>
          </Card>
          <Card title={evenings[0]} icon={<CrossIcon />}>
            <p>{evenings[1]}</p>
          </Card>
        </div>
      </Section>

      <Section id="donation-support" title={w.supportTitle} center>
        <DonationSupportCards />
      </Section>

      <Section id="more" tone="sage" title={w.moreTitle} center>
        <div className="grid">
          <LinkCard to="/garden-of-remembrance" title={more.garden[0]} more={more.garden[2]}>
            {more.garden[1]}
          </LinkCard>
          <LinkCard to="/share-testimonial" title={more.testimonials[0]} more={more.testimonials[2]}>
            {more.testimonials[1]}
          </LinkCard>
          <LinkCard to="/new-families" title={more.families[0]} more={more.families[2]}>
            {more.families[1]}
          </LinkCard>
        </div>
      </Section>

      <Section id="donation-contact" title={w.questionsTitle}>
        <ContactBlock>
          <p>{w.taxNote.replace("{organisation}", site.organisationName)}</p>
        </ContactBlock>
      </Section>
    </>
  );
}
