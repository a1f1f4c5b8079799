import { useEffect, useRef, useState } from "react";
import { PageHero, Section } from "../../components/content/Blocks";
import { SiteListPending } from "../../components/content/SiteListPending";
import { useSiteLists } from "../../lib/site";

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
  return (
    <>
      <PageHero
        eyebrow="Resources"
        title="Who We Are"
        lead="We are volunteers. No one here is paid; every call answered and every baby buried is a gift of time from people who care."
      />
      <Section id="volunteer" title="A Community of Volunteers">
        <div className="prose">
          <p>
            Many of us have lost a child of our own. Others are nurses, counsellors, clergy or simply neighbours who felt called to help. Together we try to be
            for each family what we wish someone had been for us. If you would like to volunteer, please get in touch; there is a place for every gift.
          </p>
        </div>
      </Section>
      <Section id="leaders" tone="soft" title="Our Leadership">
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
