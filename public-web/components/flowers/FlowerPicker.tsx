import { useState } from "react";
import { Link } from "react-router-dom";
import { FLOWERS, type FlowerInfo } from "../../../shared/flowers";
import { useT } from "../../lib/i18n";
import { Dialog } from "../ui/Dialog";
import { FlowerImage } from "./FlowerImage";
import "./flowerPicker.css";

/** Three rows of three, then the tulip alone. */
const ORDER: readonly FlowerInfo[] = [...FLOWERS.filter((f) => f.type !== "tulip"), ...FLOWERS.filter((f) => f.type === "tulip")];

/**
 * Home's flower picker: each flower is a button that opens a dialog with
 * its name, Marian meaning, drawing and what it stands for.
 */
export default function FlowerPicker() {
  const [chosen, setChosen] = useState<FlowerInfo | null>(null);
  const t = useT();
  // The dialog keeps showing the last flower while it closes.
  const [shown, setShown] = useState<FlowerInfo>(ORDER[0]!);

  const open = (flower: FlowerInfo) => {
    setShown(flower);
    setChosen(flower);
  };

  return (
    <>
      <ul className="flower-picker" aria-label={t("The ten flowers of the garden")}>
        {ORDER.map((flower) => (
          <li key={flower.type}>
            <button type="button" className="flower-picker__button" aria-haspopup="dialog" onClick={() => open(flower)}>
              <FlowerImage type={flower.type} size="icon" decorative />
              <span className="flower-picker__name">{t(flower.label)}</span>
              <span className="flower-picker__meaning">{t(flower.meaning)}</span>
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={chosen !== null} onClose={() => setChosen(null)} title={t(shown.label)} className="flower-dialog">
        <div className="flower-detail">
          <p className="flower-detail__meaning">{t(shown.meaning)}</p>
          <FlowerImage type={shown.type} size="sm" />
          <p className="flower-detail__text">{t(shown.symbolism)}</p>
          <div className="flower-detail__links">
            <Link className="btn" to="/garden-of-remembrance#add-flower">
              {t("Add Memorial Flower")}
            </Link>
            <Link className="btn btn--outline" to="/garden-of-remembrance">
              {t("Enter the Garden")}
            </Link>
          </div>
        </div>
      </Dialog>
    </>
  );
}
