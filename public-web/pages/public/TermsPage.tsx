import { Link } from "react-router-dom";
import { EmailLink, MailingAddress } from "../../components/content/Contact";
import { useSite } from "../../lib/site";
import "../../styles/content.css";

/** Terms of Service, effective May 26, 2025. */
export default function TermsPage() {
  const site = useSite();
  return (
    <article className="container section">
      <div className="prose">
        <h1>Terms of Service</h1>
        <p className="effective-date">Effective date: May 26, 2025</p>
        <p>
          Welcome. These terms explain the conditions for using the website of {site.organisationName} ("we", "us"). By using the website you agree to them. If
          you do not agree, please do not use the website.
        </p>

        <h2>1. Use of the Website</h2>
        <p>
          You may use this website for personal, non-commercial purposes: to find support, to remember your baby, and to learn about our work. Please do not
          misuse it, try to disrupt it, gain access to parts that are not meant for you, or use it for anything unlawful.
        </p>

        <h2>2. Content</h2>
        <p>
          The words, images and design of this website belong to us or to those who allowed us to use them. You may share links to our pages and print pages for
          personal use, but please do not copy or republish our content without our permission.
        </p>

        <h2>3. User-Generated Content</h2>
        <p>
          When you submit a memorial flower, a comment, a testimonial or another message, you confirm that it is yours to share and that it is respectful. You
          grant us a non-exclusive, royalty-free licence to use, display, edit for length or clarity, and publish what you submit, on this website and in our
          apostolate's materials. We review submissions before they appear and may decline or remove any of them at our discretion.
        </p>

        <h2>4. Links to Other Sites</h2>
        <p>
          We link to other organisations that may be helpful. We do not control those websites, and a link is not an endorsement. Their own terms and privacy
          policies apply when you visit them.
        </p>

        <h2>5. Disclaimer</h2>
        <p>
          The information on this website is offered for comfort and general guidance. It is not medical, psychological or legal advice, and it does not replace
          the care of a qualified professional. If you have questions about your health, please speak with your doctor. In an emergency, call 911.
        </p>

        <h2>6. Limitation of Liability</h2>
        <p>
          The website is provided "as is". To the fullest extent allowed by law, we are not liable for any loss or damage that arises from your use of the
          website or from relying on its content, and we do not promise that it will always be available or free of errors.
        </p>

        <h2>7. Donations and Payments</h2>
        <p>
          Donations are handled by third-party payment services. We do not receive or store your card details; the payment provider processes them under its own
          terms and security standards. Questions about a donation may be sent to us at the address below.
        </p>

        <h2>8. Changes to These Terms</h2>
        <p>
          We may update these terms from time to time. The effective date above shows when they last changed. Continuing to use the website after a change means
          you accept the updated terms.
        </p>

        <h2>9. Contact</h2>
        <p>If you have questions about these terms, please write to us:</p>
        <MailingAddress />
        <p>
          Email: <EmailLink />
        </p>
        <p>
          See also our <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      </div>
    </article>
  );
}
