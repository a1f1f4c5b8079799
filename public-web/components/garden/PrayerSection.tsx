import { useId } from "react";
import { useT } from "../../lib/i18n";

/** A short prayer closing the garden, in our own words. */
export function PrayerSection() {
  const id = useId();
  const t = useT();
  return (
    <section className="garden-section prayer" aria-labelledby={id}>
      <h2 id={id}>{t("A Prayer for Our Little Ones")}</h2>
      <div className="prayer__text">
        <p>{t("Loving Father, You knew each of these children before they were formed, and You hold them now in Your peace.")}</p>
        <p>
          {t(
            "Comfort every mother and father who walks this garden with an aching heart. Let them feel that their child is remembered, and that their love was not in vain.",
          )}
        </p>
        <p>{t("Holy Mary, Mother of God, gather these little ones into your arms and pray for us who miss them.")}</p>
        <p>{t("Amen.")}</p>
      </div>
    </section>
  );
}
