import { useEffect } from "react";
import { Link, useParams } from "react-router-dom";
import { describeFlower, findFlower } from "../../../shared/flowers";
import { GARDEN_PATH, IN_LOVING_MEMORY, flowerApiPath, fullName, memorialIdFrom, memorialPath } from "../../../shared/garden";
import { CommentPanel } from "../../components/forms/CommentDialog";
import { FlowerImage } from "../../components/flowers/FlowerImage";
import { ShareButton } from "../../components/garden/ShareButton";
import { ArrowLeftIcon } from "../../components/ui/icons/ArrowIcons";
import { PrintIcon } from "../../components/ui/icons/PrintIcon";
import { Spinner } from "../../components/ui/Spinner";
import { api, messageFor } from "../../lib/api";
import { msg, useT } from "../../lib/i18n";
import { useQuery } from "../../lib/queries";
import { useSite } from "../../lib/site";
import "../../styles/garden.css";
import "../../styles/memorial.css";

/** For an address that names no memorial in the garden: it may never have been there, or its family may have taken it down. */
const MISSING_TEXT = msg(
  "We could not find this memorial flower. It may have been taken down by the family who planted it, or the address may not be quite right. You are welcome to walk through the garden, and to look for a name there.",
);

/**
 * One baby's memorial, at its own address (/garden-of-remembrance/1234-grace-marie-lee):
 * the name, the flower and its Marian meaning, the date of loss, the approved
 * comments and "Leave a Comment". Rendered by the server; prints as a keepsake.
 */
export default function MemorialPage() {
  const { memorial = "" } = useParams();
  const id = memorialIdFrom(memorial);
  const key = flowerApiPath(id ?? 0);
  const flower = useQuery(key, () => api.get(key), { enabled: id !== null });
  const site = useSite();
  const t = useT();
  const name = flower.data ? fullName(flower.data) : "";

  useEffect(() => {
    if (name) document.title = `${t("In loving memory of {name}", { name })} | ${site.shortName}`;
  }, [name, site.shortName, t]);

  // The server answers null (status 404) for a memorial that is not, or no longer, in the garden.
  if (id === null || flower.error || flower.data === null) {
    return (
      <div className="memorial-page">
        <h1>{t("This memorial flower is not in the garden")}</h1>
        <p>{id === null || flower.data === null ? t(MISSING_TEXT) : messageFor(flower.error, t("We could not open this memorial just now."), t)}</p>
        <p>
          <Link to={GARDEN_PATH}>{t("Return to the Garden of Remembrance")}</Link>
        </p>
      </div>
    );
  }
  if (!flower.data) return <Spinner label={t("Loading the memorial...")} />;

  const f = flower.data;
  const { label, meaning } = describeFlower(f.flowerType);
  const symbolism = findFlower(f.flowerType)?.symbolism;
  return (
    <article className="memorial-page" aria-labelledby="memorial-name">
      <p className="memorial-page__back no-print">
        <Link to={GARDEN_PATH}>
          <ArrowLeftIcon />
          {t("Garden of Remembrance")}
        </Link>
      </p>
      <header className="memorial-page__header">
        <p className="memorial-page__kicker">{t(IN_LOVING_MEMORY)}</p>
        <h1 id="memorial-name" className="memorial-page__name">
          {name}
        </h1>
        {f.lossDate ? <p className="memorial-page__date">{f.lossDate}</p> : null}
      </header>
      <figure className="memorial-page__flower">
        <FlowerImage type={f.flowerType} size="lg" decorative />
        <figcaption>
          <span className="memorial-page__flower-label">{t(label)}</span>
          <span className="memorial-page__meaning">{t(meaning)}</span>
          {symbolism ? <span className="memorial-page__symbolism">{t(symbolism)}</span> : null}
        </figcaption>
      </figure>
      <div className="memorial-page__actions no-print">
        <ShareButton path={memorialPath(f)} title={t("In loving memory of {name}", { name })} label={t("the memorial for {name}", { name })} />
        <button type="button" className="btn btn--outline share-button" onClick={() => window.print()}>
          <PrintIcon />
          {t("Print or save as PDF")}
        </button>
      </div>
      {/* The family turned comments off: none are shown, and none can be left. */}
      {f.commentsOff ? null : (
        <section id="comments" className="memorial-page__comments" aria-labelledby="memorial-comments-title">
          <h2 id="memorial-comments-title">{t("Comments")}</h2>
          <CommentPanel flowerId={f.id} />
        </section>
      )}
      <p className="memorial-page__footer print-only">
        {t("A flower in the Garden of Remembrance of {organisation}", { organisation: site.organisationName })}
      </p>
    </article>
  );
}
