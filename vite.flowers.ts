import { createHash } from "node:crypto";
import type { Plugin } from "vite";
import { FLOWER_TYPES, type FlowerType } from "./shared/flowers";

const ID = "virtual:flower-drawings";
const RESOLVED = `\0${ID}`;

/**
 * The ten flower drawings as image files, for pages that show many flowers (the garden): a picture that
 * points at a file is one element for the browser, where an inline drawing or a reference to one in the
 * page is twenty to style and lay out, and the files stay out of the page's HTML and in the browser's
 * cache. `import drawings from "virtual:flower-drawings"` gives each type's address; the names carry a
 * hash of the content, so the server sends them as immutable, and both builds (site and server
 * rendering) name them alike. The development server and the tests get data: addresses instead.
 */
export function flowerDrawingFiles(): Plugin {
  let files: { type: FlowerType; markup: string; fileName: string }[] = [];
  let asFiles = false;
  let writeFiles = false;
  return {
    name: "flower-drawing-files",
    async configResolved(config) {
      asFiles = config.command === "build";
      writeFiles = asFiles && !config.build.ssr; // the site's build writes them; the server's only names them
      // Drawn when a build or a test run starts, not when a tool merely reads this configuration.
      const { drawingShapes } = await import("./shared/flowerDrawings/markup");
      files = FLOWER_TYPES.map((type) => {
        const markup = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120">${drawingShapes(type)}</svg>`;
        const hash = createHash("sha256").update(markup).digest("base64url").slice(0, 10).replace(/[-_]/g, "0");
        return { type, markup, fileName: `assets/flower-${type}-${hash}.svg` };
      });
    },
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const urls: Record<FlowerType, string> = Object.fromEntries(
        files.map((f) => [f.type, asFiles ? `/${f.fileName}` : `data:image/svg+xml,${encodeURIComponent(f.markup)}`]),
      ) as Record<FlowerType, string>;
      return `export default ${JSON.stringify(urls)};`;
    },
    generateBundle() {
      if (!writeFiles) return;
      for (const f of files) this.emitFile({ type: "asset", fileName: f.fileName, source: f.markup });
    },
  };
}
