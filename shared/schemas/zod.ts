import { z } from "zod";

// zod probes for `new Function` to compile faster parsers; the site's CSP forbids it (a console error in
// every browser), and these small schemas gain nothing from compiling. Every schema imports zod from here.
z.config({ jitless: true });

export { z };
