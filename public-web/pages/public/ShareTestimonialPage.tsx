import { useId } from "react";
import TestimonialForm from "../../components/forms/TestimonialForm";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { useQuery } from "../../lib/queries";
import "../../styles/garden.css";
import "../../styles/testimonials.css";

const TESTIMONIALS_KEY = "/api/testimonials";

/** Share Testimonial: how stories are shared, the form, and the stories already posted. */
export default function ShareTestimonialPage() {
  const formHeading = useId();
  const t = useT();
  return (
    <div className="testimonial-page">
      <section className="garden-hero">
        <h1>{t("Share Your Testimonial")}</h1>
        <p className="garden-hero__lead">{t("Your story of love and loss may be the comfort another family needs today.")}</p>
        {/* The form comes after the introduction: one step there for keyboard and screen reader users. */}
        <a className="skip-to-form" href="#share-your-story">
          {t("Share your story")}
        </a>
      </section>

      <section className="garden-section testimonial-intro" aria-label={t("How sharing works")}>
        <p>
          {t(
            "Many parents tell us that reading about someone else's baby helped them feel less alone. If you would like to share your own experience, you are warmly invited to write it below, in your own words and at your own pace.",
          )}
        </p>
        <p>
          {t(
            "Every testimonial is read by a member of our team before it is posted. If you give us your email address, we will write to let you know once your story has been posted.",
          )}
        </p>
        <figure className="garden-hero__quote">
          <blockquote>
            <p>
              {t('"And God shall wipe away all tears from their eyes; and death shall be no more, nor mourning, nor crying, nor sorrow shall be any more."')}
            </p>
          </blockquote>
          <figcaption>{t("Apocalypse 21:4")}</figcaption>
        </figure>
      </section>

      <section id="share-your-story" className="garden-section" aria-labelledby={formHeading}>
        <h2 id={formHeading}>{t("Share Your Story")}</h2>
        <TestimonialForm labelledBy={formHeading} />
      </section>

      <SharedTestimonials />
    </div>
  );
}

/** The "Shared Testimonials" grid, shown only when there are any. */
function SharedTestimonials() {
  const { data } = useQuery(TESTIMONIALS_KEY, () => api.get(TESTIMONIALS_KEY));
  const heading = useId();
  const tr = useT();
  if (!data || data.length === 0) return null;
  return (
    <section className="garden-section" aria-labelledby={heading}>
      <h2 id={heading}>{tr("Shared Testimonials")}</h2>
      <ul className="testimonial-grid">
        {data.map((t) => (
          <li key={t.id} className="testimonial-card">
            <blockquote className="testimonial-card__text">
              {t.testimonial.split(/\n{2,}/).map((para, i) => (
                <p key={i}>{para}</p>
              ))}
            </blockquote>
            <p className="testimonial-card__author">
              {t.firstName} {t.lastName}
            </p>
            {t.childName ? <p className="testimonial-card__child">{tr("In memory of {name}", { name: t.childName })}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
