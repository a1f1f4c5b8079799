import { Card, LinkCard, PageHero, Section } from "../../components/content/Blocks";
import { ContactBlock } from "../../components/content/Contact";
import { ExternalLink } from "../../components/content/ExternalLink";
import { DonationSupportCards } from "../../components/content/SupportCards";
import { useSite } from "../../lib/site";
import { FlowerIcon } from "../../components/ui/icons/FlowerIcon";
import { CrossIcon } from "../../components/ui/icons/Icon";
import { MailIcon } from "../../components/ui/icons/MailIcon";

/** /support-donation: Donate Now (new tab), the same form in an 800 px frame, how gifts help, links and contact. */
export default function SupportDonationPage() {
  const site = useSite();
  return (
    <>
      <PageHero
        tone="rose"
        title="Donate & Sponsor"
        lead="Your generosity lets a grieving family lay their baby to rest with dignity, at no cost to them, and keeps our garden and our support open to all."
      >
        <div className="btn-row">
          <ExternalLink href={site.donationUrl} className="btn btn--accent">
            Donate Now
          </ExternalLink>
        </div>
      </PageHero>

      <Section
        id="donation-form"
        title="Give Securely"
        intro="You can give here on the page, or open the same secure form in a new tab with the Donate Now button."
      >
        {/* The form's own scripts, forms, cookies (it is another origin, so this gives it nothing of ours) and its payment
            windows (PayPal, a bank's card check) may run; it may not navigate this page away. */}
        <iframe
          className="donation-frame"
          src={site.donationUrl}
          title="Secure donation form"
          height={800}
          loading="lazy"
          sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox"
          allow="payment"
        />
      </Section>

      <Section id="how-donation-helps" tone="soft" title="How Your Donation Helps" center>
        <div className="grid">
          <Card title="Burial and Cremation" icon={<FlowerIcon />}>
            <p>Helps families arrange a dignified burial or cremation for their baby, right when they need it.</p>
          </Card>
          <Card title="Comfort Packages" icon={<MailIcon />}>
            <p>Sends letters, remembrance cards and gentle reading to parents in the weeks after their loss.</p>
          </Card>
          <Card title="The Garden of Remembrance" icon={<FlowerIcon />}>
            <p>Keeps our online garden open, so every family can plant a flower for free.</p>
          </Card>
          <Card title="Evenings of Reflection" icon={<CrossIcon />}>
            <p>Hosts prayerful gatherings where bereaved parents can remember their children together.</p>
          </Card>
        </div>
      </Section>

      <Section id="donation-support" title="Support We Offer" center>
        <DonationSupportCards />
      </Section>

      <Section id="more" tone="sage" title="More Ways to Take Part" center>
        <div className="grid">
          <LinkCard to="/garden-of-remembrance" title="Garden of Remembrance" more="Visit the garden">
            Honour a baby with a memorial flower and a name.
          </LinkCard>
          <LinkCard to="/share-testimonial" title="Testimonials" more="Read and share stories">
            Read how other families found comfort, and share your own story.
          </LinkCard>
          <LinkCard to="/new-families" title="New Families" more="Learn how to register">
            Recently lost a baby? Here is how to register with us for help.
          </LinkCard>
        </div>
      </Section>

      <Section id="donation-contact" title="Questions About Giving?">
        <ContactBlock>
          <p>{site.organisationName} is a 501(c)(3) non-profit organisation; your gift is tax-deductible to the extent allowed by law.</p>
        </ContactBlock>
      </Section>
    </>
  );
}
