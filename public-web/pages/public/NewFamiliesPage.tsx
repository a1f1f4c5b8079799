import { Link } from "react-router-dom";
import { URGENT_RESPONSE_TARGET } from "../../../shared/constants";
import { Card, PageHero, Section } from "../../components/content/Blocks";
import { EmailLink, PhoneLink, PhoneList } from "../../components/content/Contact";
import { ExternalLink } from "../../components/content/ExternalLink";
import { useSite } from "../../lib/site";
import { MailIcon } from "../../components/ui/icons/MailIcon";
import { PhoneIcon } from "../../components/ui/icons/PhoneIcon";

/** New Families: registration by phone, the under-construction email/text form, peer group and the e-document. */
export default function NewFamiliesPage() {
  const site = useSite();
  return (
    <>
      <PageHero
        eyebrow="Start Here"
        title="New Families"
        lead="We are so sorry for the loss of your baby. To receive our help, families are asked to register with us first. It takes only a few minutes, and a caring volunteer will guide you."
      >
        <ul className="phone-links" aria-label="Call us to register">
          {site.phones.map((p) => (
            <li key={p.number}>
              <PhoneLink number={p.number} className="btn btn--accent">
                Call {p.label}: {p.number}
              </PhoneLink>
            </li>
          ))}
        </ul>
      </PageHero>

      <Section
        id="register"
        title="How to Register"
        intro="Registration is required of every family we serve, so that we can understand your needs and respond quickly."
      >
        <div className="grid grid--2">
          <Card title="Register by Phone" icon={<PhoneIcon />}>
            <p>
              The quickest way is to call us at <PhoneList />. A volunteer will ask a few gentle questions about you and your baby and explain what happens
              next. Urgent needs are answered {URGENT_RESPONSE_TARGET}.
            </p>
          </Card>
          <Card title="Register by Email or Text" icon={<MailIcon />}>
            <p>
              <span className="under-construction">Under construction</span>
            </p>
            <p>
              Our online email and text registration form is still being built. Until it is ready, please call <PhoneList /> or write to <EmailLink /> and we
              will reply as soon as we can.
            </p>
          </Card>
        </div>
      </Section>

      <Section id="peer-group" tone="soft" title="A Peer Group Who Understands">
        <div className="prose">
          <p>
            Our volunteers are ordinary people who have also lost a child. They know the silence that can follow a loss, and they offer a listening ear, prayer
            and practical help with arrangements. Many families tell us that simply speaking with someone who has walked this road brings a measure of peace.
          </p>
          <p className="notice">
            Please note: our volunteers are not medical professionals, and nothing we share is medical advice. For questions about your health or your recovery,
            please speak with your doctor or midwife.
          </p>
        </div>
      </Section>

      <Section id="after-registration" title="After You Register">
        <div className="prose">
          <p>
            Once you have registered, we send you a link to a short e-document that explains how our apostolate works: how we help with burial or cremation, who
            will be in touch, and the support that continues afterwards.
            {site.eDocumentUrl ? (
              <>
                {" "}
                You can also <ExternalLink href={site.eDocumentUrl}>read the e-document here</ExternalLink>.
              </>
            ) : null}
          </p>
          <p>
            You may also wish to <Link to="/burial-cremation">learn about burial and cremation</Link> or{" "}
            <Link to="/garden-of-remembrance">plant a flower in our Garden of Remembrance</Link>.
          </p>
        </div>
      </Section>
    </>
  );
}
