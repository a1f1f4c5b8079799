import { useEffect, useRef, useState } from "react";
import { PageHero, Section } from "../../components/content/Blocks";
import { SiteListPending } from "../../components/content/SiteListPending";
import { useLocale, useT } from "../../lib/i18n";
import { useSiteLists } from "../../lib/site";
import { WHO_WE_ARE } from "./words/whoWeAre";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w) && !/^(Dr|Deacon|Fr|Mr|Mrs|Ms)\.?$/i.test(w))
    .map((w) => w[0]!.toUpperCase())
    .slice(0, 2)
    .join("");

/** A leader's photo, or their initials when there is none or it fails to load (never a clipped alt text). */
function Avatar({ name, photo }: { name: string; photo: string }) {
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // A photo that failed before the page's script ran has already fired its error event: look at it once.
  useEffect(() => {
    const el = img.current;
    if (el?.complete && el.naturalWidth === 0) queueMicrotask(() => setFailed(true));
  }, []);
  if (!photo || failed)
    return (
      <span className="avatar" aria-hidden="true">
        {initials(name)}
      </span>
    );
  return <img ref={img} className="avatar" src={photo} alt={name} width={96} height={96} onError={() => setFailed(true)} />;
}

/** Who We Are: a volunteer statement and the leaders from the site configuration. */
export default function WhoWeArePage() {
  const { lists, failed } = useSiteLists();
  const t = useT();
  const w = WHO_WE_ARE[useLocale()];
  return (
    <>
      <PageHero eyebrow={t("Resources")} title={t("Who We Are")} lead={w.lead} />
      <Section id="volunteer" title={w.volunteerTitle}>
        <div className="prose">
          <p>{w.volunteer}</p>
        </div>
      </Section>
      <Section id="leaders" tone="soft" title={w.leadersTitle}>
        {lists ? (
          <div className="grid grid--2">
            {lists.leaders.map((leader) => (
              <div key={leader.name} className="card leader-card">
                <Avatar name={leader.name} photo={leader.photo} />
                <h3>{leader.name}</h3>
                <p className="leader-card__role">{leader.role}</p>
                {leader.emails.length > 0 ? (
                  <p>
                    {leader.emails.map((email, i) => (
                      <span key={email}>
                        {i > 0 ? ", " : null}
                        <a href={`mailto:${email}`}>{email}</a>
                      </span>
                    ))}
                  </p>
                ) : null}
                <p>{leader.bio}</p>
              </div>
            ))}
          </div>
        ) : (
          <SiteListPending failed={failed} />
        )}
      </Section>
    </>
  );
}
