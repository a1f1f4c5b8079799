import { createContext, memo, useContext, type ReactNode } from "react";
import DRAWING_FILES from "virtual:flower-drawings";
import { describeFlower } from "../../../shared/flowers";
import { ILLUSTRATIONS } from "../../../shared/flowerDrawings/illustrations";
import { useT } from "../../lib/i18n";
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

/** True inside FlowerDrawings: each picture shows its drawing's file instead of drawing it in place. */
const DrawingsAsFiles = createContext(false);

/**
 * For pages that show many flowers (the garden shows some thirty-five): every FlowerImage inside is an
 * image of its drawing's file (the build writes one per flower; the browser caches them), fetched only
 * when it comes near the screen. Drawn in the page, each picture was some twenty SVG elements to parse,
 * style, lay out and hydrate, in the page's first layout; as a file it is one element, and the HTML is
 * about 19 KB (2 KB compressed) smaller. A page with a single flower draws it in place, so that it is
 * there with the page's first paint.
 */
export function FlowerDrawings({ children }: { children: ReactNode }) {
  return <DrawingsAsFiles.Provider value={true}>{children}</DrawingsAsFiles.Provider>;
}

/**
 * The drawing of a flower type, with its accessible name (the label, or "Flower" for an unknown type).
 * Memoised: a drawing is some twenty SVG elements, and the garden shows dozens that never change while
 * the view around them does.
 */
export const FlowerImage = memo(function FlowerImage({ type, size = "sm", decorative = false, className }: FlowerImageProps) {
  const flower = describeFlower(type);
  const { imageType } = flower;
  const asFile = useContext(DrawingsAsFiles);
  const t = useT();
  const Drawing = ILLUSTRATIONS[imageType];
  // The flowers' words come with the page's catalog (public-server/lib/catalogs.ts).
  const label = t(imageType === type ? flower.label : "Flower");
  const classes = `flower-image flower-image--${size} ${className ?? ""}`;
  if (asFile) {
    // The backdrop's disc is the image's own background (see flowers.css).
    return (
      <img
        className={`${classes} flower-image--file`}
        src={DRAWING_FILES[imageType]}
        alt={decorative ? "" : label}
        width="120"
        height="120"
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <svg className={classes} viewBox="0 0 120 120" focusable="false" {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": label })}>
      <circle cx="60" cy="60" r="58" className="flower-image__backdrop" />
      <Drawing />
    </svg>
  );
});
