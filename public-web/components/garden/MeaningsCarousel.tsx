import { useId, useState } from "react";
import { CAROUSEL_PAGE_SIZE } from "../../../shared/constants";
import { FLOWERS } from "../../../shared/flowers";
import { pageCount, pageItems, wrapPage } from "../../lib/garden";
import { FlowerImage } from "../flowers/FlowerImage";
import { PageDots } from "./PageDots";
import { useT } from "../../lib/i18n";

const PAGES = pageCount(FLOWERS.length, CAROUSEL_PAGE_SIZE);

/** "Significance of the Flowers": the ten meanings, three at a time, Previous/Next wrapping, with page dots. */
export function MeaningsCarousel() {
  const [page, setPage] = useState(0);
  const t = useT();
  // The slide fades in when the visitor turns it, not when the page opens: on a phone the fade's
  // frames would compete with the page's first moments.
  const [turned, setTurned] = useState(false);
  const turn = (next: (current: number) => number) => {
    setTurned(true);
    setPage(next);
  };
  const headingId = useId();
  const slideId = useId();
  return (
    <section className="garden-section meanings" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("Significance of the Flowers")}</h2>
      <p className="garden-section__lead">
        {t("Each flower in the garden carries an old name given in honour of Our Lady. Choose the one that speaks to your heart.")}
      </p>
      <div className="meanings__frame" role="group" aria-roledescription={t("carousel")} aria-label={t("Flower meanings")}>
        <div id={slideId} aria-live="polite">
          <p className="visually-hidden">{t("Page {page} of {pages}", { page: page + 1, pages: PAGES })}</p>
          <ul key={page} className={turned ? "meanings__slide meanings__slide--turned" : "meanings__slide"}>
            {pageItems(FLOWERS, page, CAROUSEL_PAGE_SIZE).map((flower) => (
              <li key={flower.type} className="meaning-card">
                <FlowerImage type={flower.type} size="icon" decorative className="meaning-card__image" />
                <h3 className="meaning-card__name">{t(flower.label)}</h3>
                <p className="meaning-card__meaning">{t(flower.meaning)}</p>
                <p className="meaning-card__text">{t(flower.symbolism)}</p>
              </li>
            ))}
          </ul>
        </div>
        <div className="pager">
          <button
            type="button"
            className="btn btn--outline pager__step"
            aria-controls={slideId}
            aria-label={t("Previous flowers")}
            onClick={() => turn((p) => wrapPage(p, -1, PAGES))}
          >
            {t("Previous")}
          </button>
          <PageDots pages={Array.from({ length: PAGES }, (_, i) => i)} total={PAGES} current={page} onSelect={(p) => turn(() => p)} controls={slideId} />
          <button
            type="button"
            className="btn btn--outline pager__step"
            aria-controls={slideId}
            aria-label={t("Next flowers")}
            onClick={() => turn((p) => wrapPage(p, 1, PAGES))}
          >
            {t("Next")}
          </button>
        </div>
      </div>
    </section>
  );
}
