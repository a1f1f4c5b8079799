// Renders the app icon (icon.svg, drawn for this project) to the 512 px PNG electron-builder
// turns into each platform's icon (.ico, .icns, the Linux sizes). Run before packaging.
import fs from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";

const here = import.meta.dirname;
const svg = fs.readFileSync(path.join(here, "icon.svg"), "utf8");
const png = new Resvg(svg, { fitTo: { mode: "width", value: 512 } }).render().asPng();
fs.writeFileSync(path.join(here, "icon.png"), png);
console.log(`icon.png: ${png.length} bytes`);
