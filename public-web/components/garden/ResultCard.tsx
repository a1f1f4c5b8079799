import { memo, type MouseEvent } from "react";
import { describeFlower } from "../../../shared/flowers";
import { fullName, memorialPath } from "../../../shared/garden";
import type { PublicMemorialDto } from "../../../shared/schemas/public";
import { pathInLocale } from "../../../shared/i18n/paths";
import { useLocale, useT } from "../../lib/i18n";
import { FlowerImage } from "../flowers/FlowerImage";
import { isPlainClick } from "./GardenLink";
import { ShareButton } from "./ShareButton";

/**
 * One memorial: the baby's name first (a link to the memorial's own page),
 * the loss date if given, the flower and its meaning, Comments and Share.
 * `data-flower` gives the card its own flower's colour, a soft accent (garden.css), so that a page of
 * cards reads as a bed of different flowers.
 * Comments opens the dialog; without JavaScript it is a link to the page, which lists them. A memorial
 * whose family turned comments off has no Comments: they are not shown, and none can be left.
 * The name is a plain link that asks the page (`onOpen`, the router's navigate) to move in place: the
 * router's own Link does far more work per card, and the cards are drawn again on every view.
 */
export const ResultCard = memo(function ResultCard({
  flower,
  onOpen,
  onComments,
}: {
  flower: PublicMemorialDto;
  onOpen(path: string): void;
  onComments(flower: PublicMemorialDto): void;
}) {
  const { label, meaning, imageType } = describeFlower(flower.flowerType);
  const t = useT();
  const locale = useLocale();
  const name = fullName(flower);
  const path = memorialPath(flower);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    onOpen(path);
  };
  const openComments = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    onComments(flower);
  };
  return (
    <li className="memorial-card" data-flower={imageType}>
      <h4 className="memorial-card__name">
        <a href={pathInLocale(path, locale)} onClick={open}>
          {name}
        </a>
      </h4>
      {flower.lossDate ? <p className="memorial-card__date">{flower.lossDate}</p> : null}
      <div className="memorial-card__flower-row">
        <FlowerImage type={flower.flowerType} size="sm" decorative className="memorial-card__image" />
        <p className="memorial-card__flower">{t(label)}</p>
        <p className="memorial-card__meaning">{t(meaning)}</p>
      </div>
      <div className="memorial-card__actions">
        {flower.commentsOff ? null : (
          <a href={`${pathInLocale(path, locale)}#comments`} className="btn btn--outline memorial-card__comments" aria-haspopup="dialog" onClick={openComments}>
            {t("Comments")}
            <span className="visually-hidden">{` ${t("for {name}", { name })}`}</span>
          </a>
        )}
        <ShareButton path={path} title={t("In loving memory of {name}", { name })} label={t("the memorial for {name}", { name })} icon={false} />
      </div>
    </li>
  );
});
