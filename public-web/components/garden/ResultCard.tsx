import { describeFlower } from "../../../shared/flowers";
import type { PublicFlowerDto } from "../../../shared/schemas/public";
import { fullName } from "../../lib/garden";
import { FlowerImage } from "../flowers/FlowerImage";

/** One memorial: the baby's name, the loss date if given, the flower, its meaning and the Comments button. */
export function ResultCard({ flower, onComments }: { flower: PublicFlowerDto; onComments(flower: PublicFlowerDto): void }) {
  const { label, meaning } = describeFlower(flower.flowerType);
  const name = fullName(flower);
  return (
    <li className="memorial-card">
      <FlowerImage type={flower.flowerType} size="sm" decorative className="memorial-card__image" />
      <h4 className="memorial-card__name">{name}</h4>
      {flower.lossDate ? <p className="memorial-card__date">{flower.lossDate}</p> : null}
      <p className="memorial-card__flower">{label}</p>
      <p className="memorial-card__meaning">{meaning}</p>
      <button type="button" className="btn btn--outline memorial-card__comments" aria-haspopup="dialog" onClick={() => onComments(flower)}>
        Comments<span className="visually-hidden"> for {name}</span>
      </button>
    </li>
  );
}
