import { memo, type MouseEvent } from "react";
import { Link } from "react-router-dom";
import { describeFlower } from "../../../shared/flowers";
import { fullName, inLovingMemoryOf, memorialPath } from "../../../shared/garden";
import type { PublicFlowerDto } from "../../../shared/schemas/public";
import { FlowerImage } from "../flowers/FlowerImage";
import { ShareButton } from "./ShareButton";

/**
 * One memorial: the baby's name first (a link to the memorial's own page),
 * the loss date if given, the flower and its meaning, Comments and Share.
 * Comments opens the dialog; without JavaScript it is a link to the page, which lists them.
 */
export const ResultCard = memo(function ResultCard({ flower, onComments }: { flower: PublicFlowerDto; onComments(flower: PublicFlowerDto): void }) {
  const { label, meaning } = describeFlower(flower.flowerType);
  const name = fullName(flower);
  const path = memorialPath(flower);
  const openComments = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onComments(flower);
  };
  return (
    <li className="memorial-card">
      <h4 className="memorial-card__name">
        <Link to={path}>{name}</Link>
      </h4>
      {flower.lossDate ? <p className="memorial-card__date">{flower.lossDate}</p> : null}
      <div className="memorial-card__flower-row">
        <FlowerImage type={flower.flowerType} size="sm" decorative className="memorial-card__image" />
        <p className="memorial-card__flower">{label}</p>
        <p className="memorial-card__meaning">{meaning}</p>
      </div>
      <div className="memorial-card__actions">
        <a href={`${path}#comments`} className="btn btn--outline memorial-card__comments" aria-haspopup="dialog" onClick={openComments}>
          Comments<span className="visually-hidden"> for {name}</span>
        </a>
        <ShareButton path={path} title={inLovingMemoryOf(name)} label={`the memorial for ${name}`} />
      </div>
    </li>
  );
});
