import { TESTIMONIAL_PREVIEW_LENGTH } from "../../../shared/constants";
import { describeFlower } from "../../../shared/flowers";

/** The text cut to `max` characters plus "..." when longer. */
export function truncate(text: string, max: number = TESTIMONIAL_PREVIEW_LENGTH): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** "Pink Rose (Holy Mary, Mystical Rose)" for a flower type. */
export function flowerLabel(type: string): string {
  const { label, meaning } = describeFlower(type);
  return `${label} (${meaning})`;
}
