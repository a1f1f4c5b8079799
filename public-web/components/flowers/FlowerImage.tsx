import { createContext, memo, useContext, type ReactNode } from "react";
import { describeFlower, FLOWER_TYPES, type FlowerType } from "../../../shared/flowers";
import { ILLUSTRATIONS } from "./illustrations";
import "./flowers.css";

/** Sizes sm 12, md 16, lg 20 rem; "icon" is the small size of pickers and filters. */
export type FlowerImageSize = "icon" | "sm" | "md" | "lg";

interface FlowerImageProps {
  /** Any stored flower type; an unknown one shows the carnation. */
  type: string;
  size?: FlowerImageSize;
  /**
   * True when the flower's name is written right beside the picture: the
   * picture is then hidden from assistive technology, so it is not read twice.
   */
  decorative?: boolean;
  className?: string;
}

/** True inside FlowerDrawings: the drawings are in the page once, and each picture points at its own. */
const DrawingsInPage = createContext(false);

const drawingId = (type: FlowerType) => `flower-drawing-${type}`;

/** The ten drawings as SVG symbols, in a box of no size; drawn once, never again. */
const Symbols = memo(function Symbols() {
  return (
    <svg className="flower-drawings" aria-hidden="true" focusable="false">
      <defs>
        {FLOWER_TYPES.map((type) => {
          const Drawing = ILLUSTRATIONS[type];
          return (
            <symbol key={type} id={drawingId(type)} viewBox="0 0 120 120">
              <Drawing />
            </symbol>
          );
        })}
      </defs>
    </svg>
  );
});

/**
 * For pages that show many flowers (the garden shows some forty): the ten drawings go into the page once,
 * and every FlowerImage inside is a reference to one of them. The garden's HTML is then about 70 KB
 * smaller, and there are about a thousand fewer elements to parse, lay out and hydrate. A page with a
 * single flower draws it in place.
 */
export function FlowerDrawings({ children }: { children: ReactNode }) {
  return (
    <DrawingsInPage.Provider value={true}>
      <Symbols />
      {children}
    </DrawingsInPage.Provider>
  );
}

/**
 * The drawing of a flower type, with its accessible name (the label, or "Flower" for an unknown type).
 * Memoised: a drawing is some twenty SVG elements, and the garden shows dozens that never change while
 * the view around them does.
 */
export const FlowerImage = memo(function FlowerImage({ type, size = "sm", decorative = false, className }: FlowerImageProps) {
  const { imageType } = describeFlower(type);
  const known = imageType === type;
  const inPage = useContext(DrawingsInPage);
  const Drawing = ILLUSTRATIONS[imageType];
  const label = known ? describeFlower(type).label : "Flower";
  return (
    <svg
      className={`flower-image flower-image--${size} ${className ?? ""}`}
      viewBox="0 0 120 120"
      focusable="false"
      {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": label })}
    >
      <circle cx="60" cy="60" r="58" className="flower-image__backdrop" />
      {inPage ? <use href={`#${drawingId(imageType)}`} /> : <Drawing />}
    </svg>
  );
});
