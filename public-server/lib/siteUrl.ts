import net from "node:net";

const LOCAL = /^(localhost|.*\.localhost|127(\.\d+){3}|\[::1\])$/i;
const EXAMPLE = /(^|\.)example\.(org|com|net)$/i;

/**
 * Null when `siteUrl` looks like a live site's public address; otherwise why not, as the end of a
 * sentence. Share links, preview images and emails all carry it, so an example, local or bare IP
 * address sends every visitor who follows one nowhere.
 */
export function siteUrlProblem(siteUrl: string | undefined): string | null {
  if (!siteUrl) return "it is not set, so share links and preview images carry no address of the site";
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch {
    return "it is not an address";
  }
  const host = url.hostname;
  if (EXAMPLE.test(host)) return `${siteUrl} is the fictional example address`;
  if (LOCAL.test(host)) return `${siteUrl} is this computer's own address, which no visitor can reach`;
  if (net.isIP(host.replace(/^\[|\]$/g, ""))) return `${siteUrl} is a bare IP address, not the site's name (HTTPS certificates and shared links need the name)`;
  if (url.protocol === "http:") return `${siteUrl} is plain http, so links lead visitors to an address without HTTPS`;
  return null;
}

/** The start-up warning, one sentence, or null. */
export function siteUrlWarning(siteUrl: string | undefined, siteConfigPath: string): string | null {
  const problem = siteUrlProblem(siteUrl);
  return problem ? `siteUrl in ${siteConfigPath}: ${problem}; set it to the site's public address, such as https://garden.your-apostolate.org.` : null;
}
