import { drawingShapes } from "../../public-web/components/flowers/drawingMarkup";
import { describeFlower } from "../../shared/flowers";
import { fullName, IN_LOVING_MEMORY } from "../../shared/garden";
import type { Services } from "../context";
import { approvedFlower } from "./query";

/** Previews kept in memory (about 40 KB each); the oldest go first, and a garden write empties them. */
const MAX_PREVIEWS = 300;

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** The shared link's picture (1200 × 630): the flower drawn from the site's own SVG, and the name. */
function previewSvg(flower: NonNullable<ReturnType<typeof approvedFlower>>): string {
  const { label, meaning, imageType } = describeFlower(flower.flowerType);
  const drawing = drawingShapes(imageType);
  const name = fullName(flower);
  const shown = name.length > 40 ? `${name.slice(0, 39)}…` : name;
  // Bold serif letters average about 0.62 em: the name fits the 640 px beside the flower.
  const size = Math.max(28, Math.min(72, Math.floor(640 / (0.62 * shown.length))));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#fbf8f4"/>
  <rect x="24" y="24" width="1152" height="582" rx="28" fill="none" stroke="#d9d0c6" stroke-width="3"/>
  <svg x="70" y="115" width="400" height="400" viewBox="0 0 120 120"><circle cx="60" cy="60" r="58" fill="#f3ede6"/>${drawing}</svg>
  <text x="520" y="230" font-family="DejaVu Serif, Georgia, serif" font-size="34" font-style="italic" fill="#5b5560">${IN_LOVING_MEMORY}</text>
  <text x="520" y="${230 + size + 20}" font-family="DejaVu Serif, Georgia, serif" font-size="${size}" font-weight="bold" fill="#2c3e36">${escapeXml(shown)}</text>
  ${flower.lossDate ? `<text x="520" y="${230 + size + 80}" font-family="DejaVu Serif, Georgia, serif" font-size="32" fill="#5b5560">${escapeXml(flower.lossDate.slice(0, 60))}</text>` : ""}
  <text x="520" y="520" font-family="DejaVu Serif, Georgia, serif" font-size="30" fill="#8a3a54">${escapeXml(`${label}, ${meaning}`)}</text>
  <text x="520" y="565" font-family="DejaVu Serif, Georgia, serif" font-size="26" fill="#5b5560">Garden of Remembrance</text>
</svg>`;
}

/**
 * PNG previews of memorial pages, drawn on demand with resvg and kept in a
 * bounded cache. Null when the flower is not in the garden (or resvg is not installed).
 */
export class PreviewImages {
  private readonly cache = new Map<number, Buffer>();

  constructor(private readonly s: Services) {
    s.cache.onInvalidate((prefixes) => {
      if (prefixes.some((p) => "flowers".startsWith(p) || p.startsWith("flowers"))) this.cache.clear();
    });
  }

  async png(id: number): Promise<Buffer | null> {
    const hit = this.cache.get(id);
    if (hit) return hit;
    const flower = await this.s.db.read((db) => approvedFlower(db, id));
    if (!flower) return null;
    const { Resvg } = await import("@resvg/resvg-js");
    const png = new Resvg(previewSvg(flower), { font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Serif" } }).render().asPng();
    this.cache.set(id, png);
    if (this.cache.size > MAX_PREVIEWS) this.cache.delete(this.cache.keys().next().value!);
    return png;
  }
}
