import { useEffect, useRef, type RefObject } from "react";
import { ServerCommentForm } from "../../components/forms/CommentDialog";
import { FlowerDrawings } from "../../components/flowers/FlowerImage";
import FlowerForm from "../../components/forms/FlowerForm";
import { MeaningsCarousel } from "../../components/garden/MeaningsCarousel";
import { RESULTS_ANCHOR } from "../../components/garden/GardenLink";
import { MemorialBrowser } from "../../components/garden/MemorialBrowser";
import { PrayerSection } from "../../components/garden/PrayerSection";
import { msg, rich, useT } from "../../lib/i18n";
import { useSite } from "../../lib/site";
import "../../styles/garden.css";

/** Jeremiah 1:5's first words in the two translations site.json can choose between (gardenVerse). */
const VERSES = {
  "douay-rheims": { text: msg("Before I formed thee in the bowels of thy mother, I knew thee."), cite: msg("Jeremias 1:5") },
  nabre: { text: msg("Before I formed you in the womb I knew you."), cite: msg("Jeremiah 1:5 (New American Bible, Revised Edition)") },
};

/** The Garden of Remembrance, rendered by the server with the view its address asks for. */
export default function GardenPage() {
  const page = useRef<HTMLDivElement>(null);
  useLandOnForm(page);
  const verse = VERSES[useSite().gardenVerse];
  const t = useT();

  return (
    <div className="garden-page" ref={page}>
      <section className="garden-hero">
        <h1>{t("Garden of Remembrance")}</h1>
        <figure className="garden-hero__quote">
          <blockquote>
            <p>{`"${t(verse.text)}"`}</p>
          </blockquote>
          <figcaption>{t(verse.cite)}</figcaption>
        </figure>
      </section>

      {/* The intro and the naming: side by side on a wide screen, so the garden itself comes sooner. */}
      <div className="garden-opening">
        <section className="garden-section garden-intro" aria-label={t("About the garden")}>
          <div className="garden-skip">
            <p>
              {rich(t("{link} to look for a name, or simply to walk among them."), {
                link: <a href={`#${RESULTS_ANCHOR}`}>{t("Go to the memorial flowers")}</a>,
              })}
            </p>
            <p>{rich(t("{link}, with the form at the end of this page."), { link: <a href="#add-flower">{t("Add a flower for your baby")}</a> })}</p>
          </div>
          <p>
            {t(
              "This garden is a quiet place to remember the babies we carried and did not get to bring home. Each flower stands for one little life, named and loved. You are welcome to walk here as often as you need, to look for a name, to leave a gentle message, or simply to sit with your memories.",
            )}
          </p>
          <p>
            {t(
              "Planting a flower is free. Every flower and every message is read by one of our volunteers before it appears, so that this garden stays a safe and peaceful place for every family.",
            )}
          </p>
        </section>

        <section className="garden-section naming" aria-labelledby="naming-title">
          <h2 id="naming-title">{t("Naming Your Beloved Baby")}</h2>
          <p>
            {t(
              "Giving your baby a name is a way of saying: you were here, you are ours, and you matter. However early your loss, your child was a person with a place in your family and in God's heart.",
            )}
          </p>
          <p>
            {t(
              "If you did not know whether your baby was a boy or a girl, you may choose a name that feels right for either. Some families pick a name of hope, such as Hope, Grace or Angel, or the name of a saint they love. There is no wrong choice, and it is never too late to name your child.",
            )}
          </p>
        </section>
      </div>

      <FlowerDrawings>
        <ServerCommentForm />
        <MeaningsCarousel />
        <MemorialBrowser />
        <FlowerForm />
      </FlowerDrawings>
      <PrayerSection />
    </div>
  );
}

/**
 * Links such as Home's "Add Memorial Flower" point at #add-flower. Arriving
 * that way, the form is brought into view, and kept there while the page
 * above it settles (the garden's list arriving after a client-side move),
 * until the visitor scrolls, types or taps for themselves.
 */
function useLandOnForm(page: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    if (window.location.hash !== "#add-flower" || !page.current) return;
    const land = () => document.getElementById("add-flower")?.scrollIntoView();
    land();
    const observer = new ResizeObserver(land);
    observer.observe(page.current);
    const stop = () => {
      observer.disconnect();
      for (const type of ["wheel", "touchstart", "keydown", "mousedown"]) window.removeEventListener(type, stop);
    };
    for (const type of ["wheel", "touchstart", "keydown", "mousedown"]) window.addEventListener(type, stop, { once: true, passive: true });
    const timer = setTimeout(stop, 5000);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [page]);
}
