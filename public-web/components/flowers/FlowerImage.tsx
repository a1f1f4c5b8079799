import { memo } from "react";
import { describeFlower } from "../../../shared/flowers";
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

/**
 * The drawing of a flower type, with its accessible name (the label, or "Flower" for an unknown type).
 * Memoised: a drawing is some twenty SVG elements, and the garden shows dozens that never change while
 * the view around them does.
 */
export const FlowerImage = memo(function FlowerImage({ type, size = "sm", decorative = false, className }: FlowerImageProps) {
  const { imageType } = describeFlower(type);
  const known = imageType === type;
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
      <Drawing />
    </svg>
  );
});
