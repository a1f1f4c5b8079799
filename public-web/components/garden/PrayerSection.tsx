import { useId } from "react";

/** A short prayer closing the garden, in our own words. */
export function PrayerSection() {
  const id = useId();
  return (
    <section className="garden-section prayer" aria-labelledby={id}>
      <h2 id={id}>A Prayer for Our Little Ones</h2>
      <div className="prayer__text">
        <p>Loving Father, You knew each of these children before they were formed, and You hold them now in Your peace.</p>
        <p>
          Comfort every mother and father who walks this garden with an aching heart. Let them feel that their child is remembered, and that their love was not
          in vain.
        </p>
        <p>Holy Mary, Mother of God, gather these little ones into your arms and pray for us who miss them.</p>
        <p>Amen.</p>
      </div>
    </section>
  );
}
