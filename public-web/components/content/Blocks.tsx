import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import "../../styles/content.css";

/** A page's opening: its one h1, an optional eyebrow line, a lead and actions. */
export function PageHero({
  title,
  eyebrow,
  lead,
  children,
  tone = "sage",
}: {
  title: ReactNode;
  eyebrow?: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  tone?: "sage" | "rose";
}) {
  return (
    <section className={`hero${tone === "rose" ? " hero--rose" : ""}`}>
      <div className="container">
        {eyebrow ? <p className="hero__eyebrow">{eyebrow}</p> : null}
        <h1>{title}</h1>
        {lead ? <p className="hero__lead">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}

/** A titled page section with an h2 and optional intro. */
export function Section({
  id,
  title,
  intro,
  children,
  tone,
  center,
}: {
  id?: string;
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
  tone?: "soft" | "sage";
  center?: boolean;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={`section${tone ? ` section--${tone}` : ""}`}>
      <div className="container">
        <div className={`section__head${center ? " section__head--center" : ""}`}>
          <h2 id={headingId}>{title}</h2>
          {intro ? <p className="section__intro">{intro}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}

/** A card with an optional decorative icon, a heading and text. */
export function Card({ title, icon, children, headingLevel = 3 }: { title: ReactNode; icon?: ReactNode; children: ReactNode; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="card">
      {icon ? (
        <span className="card__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <H>{title}</H>
      {children}
    </div>
  );
}

/** A whole card that is one link (to another page of the site). */
export function LinkCard({ to, title, children, more }: { to: string; title: string; children: ReactNode; more: string }) {
  return (
    <Link to={to} className="card link-card">
      <h3>{title}</h3>
      <p>{children}</p>
      <span className="link-card__more">{more}</span>
    </Link>
  );
}

/** A scripture or other quotation. */
export function Quote({ children, cite }: { children: ReactNode; cite: string }) {
  return (
    <figure className="quote">
      <blockquote>
        <p>{children}</p>
      </blockquote>
      <figcaption>
        <cite>{cite}</cite>
      </figcaption>
    </figure>
  );
}
