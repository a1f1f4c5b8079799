import http from "node:http";

/**
 * A GET through node:http, answering its status once the body is read. fetch decompresses what it
 * receives (its decompressors' buffers then count in a memory measure) and adds "Cache-Control:
 * no-cache" to a conditional request (which no server answers with 304); this does neither.
 */
export const plainGet = (url: string, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
      })
      .on("error", reject);
  });
