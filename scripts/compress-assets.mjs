// Writes brotli (.br) and gzip (.gz) copies of the built site's text files once, at build time,
// at the best levels: the server (lib/staticFiles.ts) reads them at start and sends a copy instead of compressing on
// every request. Hashed file names change with their content, so a copy is never stale.
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";

const dir = path.resolve(process.argv[2] ?? "dist/web");
const TEXT = /\.(js|mjs|css|svg|html|json|txt|map)$/;
let files = 0;
let saved = 0;

function walk(folder) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (TEXT.test(entry.name) && !entry.name.endsWith(".map")) {
      const body = fs.readFileSync(file);
      if (body.length < 1024) continue;
      const br = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      files++;
      saved += body.length - br.length;
    }
  }
}

walk(dir);
console.log(`compressed ${files} files in ${path.relative(process.cwd(), dir)} (brotli saves ${Math.round(saved / 1024)} KB)`);
