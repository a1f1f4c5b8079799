import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Middleware } from "koa";
import { z } from "zod";
import { pageSiteConfig, siteFor, type SiteConfig } from "../shared/schemas/site";
import type { ServerConfig } from "./config";
import type { AppState, Services } from "./context";
import type { PageData as FormPageData } from "../shared/visitorForms";
import { commentPageData, visitorForms } from "./forms";
import type { PageData } from "./garden/pages";
import { notFoundKey, pageAddress, pageAt, type Page } from "./pageRoutes";
import { cacheKey, type Entry } from "./lib/publicCache";
import { escapeHtml } from "./lib/html";
import { logMs } from "./lib/log";
import { isApiPath } from "./lib/router";
import { StaticFiles } from "./lib/staticFiles";
import { GARDEN_PATH } from "../shared/garden";
import { languageOn } from "../shared/i18n/content";
import { LOCALES, type Locale } from "../shared/i18n/locale";
import { localeOfPath, pathInLocale, pathWithoutLocale } from "../shared/i18n/paths";
import type { Catalog } from "../shared/i18n/translate";
import { catalogAddress, catalogFiles, catalogFor } from "./lib/catalogs";

/** The server-side renderer built from public-web/entry-server.tsx (dist/ssr/entry-server.js). */
interface SsrModule {
  preloadAll(): Promise<void>;
  isKnownPath(pathname: string): boolean;
  render(
    url: string,
    site: SiteConfig,
    data?: Record<string, unknown>,
    form?: FormPageData,
    catalog?: Catalog,
  ): Promise<{ html: string; status: 200 | 404; title: string; description: string; clientOnly: boolean; source: string; siteLists: boolean }>;
}

/** Vite's build manifest as far as the server reads it: each chunk's file, styles and imports. */
const Manifest = z.record(z.string(), z.looseObject({ file: z.string(), css: z.array(z.string()).optional(), imports: z.array(z.string()).optional() }));

/** One chunk of Vite's build manifest (dist/web/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

interface Rendered {
  status: number;
  /** The page, compressed once (brotli and gzip) with its ETag. */
  entry?: Entry;
  /** A plain body when there is nothing to cache (the site is not built). */
  body?: string;
  redirect?: string;
}

const NOT_BUILT = "<!doctype html><html lang=en><title>Not built</title><p>The website has not been built yet. Run <code>npm run build</code>.</p></html>";

/**
 * Serves the built site: files under dist/web (hashed assets cached for a
 * year); every other page address is rendered on the server at request time
 * (so an edit of site.json shows at once) into index.html, with its own
 * title, description and canonical link, and the site configuration as a
 * JSON data block (the CSP allows no inline script). Unknown addresses get
 * the not-found page with status 404. Without the SSR bundle (API-only
 * runs) index.html is sent as it is.
 */
export function siteHandler(config: ServerConfig, s: Services): Middleware<AppState> {
  const files = new StaticFiles(config.webDir, catalogFiles());
  const renderer = new PageRenderer(config, s, files);
  // The first render after a start compiles React's server code (about 20 ms, against 2 ms for the next):
  // the home page is rendered (and cached) straight away, so no visitor waits for that.
  setImmediate(() => void renderer.page("/", "").catch(() => undefined));
  const forms = visitorForms(config, s, async (pathname, form) => {
    const page = await renderer.page(pathname, "", form);
    return { status: page.status, body: page.body ?? "" };
  });
  return async (ctx, next) => {
    if (isApiPath(ctx.path)) return next();
    if (ctx.method === "POST") return forms.posts(ctx, next);
    if (ctx.method !== "GET" && ctx.method !== "HEAD") return next();
    // Source maps stay on the build machine (they would hand out the readable source of the admin): StaticFiles never has them.
    if (files.serve(ctx)) return;
    // A page already rendered is answered before anything else is read (a memorial page's flower, say).
    if (ctx.method === "GET" || ctx.method === "HEAD") {
      const cached = forms.mayHaveNote(ctx) || ctx.query.comment !== undefined ? undefined : renderer.cached(ctx.path, ctx.querystring);
      if (cached?.entry) {
        s.cache.send(ctx, cached.entry, "text/html; charset=utf-8", cached.status);
        return;
      }
    }
    // A form just received without JavaScript shows its success here, once (see visitorForms).
    const sent = ctx.method === "GET" ? await forms.sentTo(ctx) : undefined;
    // "Leave a comment" without JavaScript: the garden with that memorial's comment form.
    const commentFor = pageAddress(ctx.path, "").bare === GARDEN_PATH && typeof ctx.query.comment === "string" ? Number(ctx.query.comment) : 0;
    const data = sent ?? (commentFor ? await commentPageData(s, commentFor) : undefined);
    const page = await renderer.page(ctx.path, ctx.querystring, data);
    if (page.redirect) {
      ctx.status = 301;
      ctx.redirect(page.redirect);
      return;
    }
    if (page.entry) {
      s.cache.send(ctx, page.entry, "text/html; charset=utf-8", page.status);
      return;
    }
    ctx.type = "html";
    ctx.set("Cache-Control", data ? "no-store" : "no-cache");
    ctx.status = page.status;
    ctx.body = page.body;
  };
}

/**
 * Renders each page once per address and site configuration, and keeps it
 * compressed in the public cache: a repeat visit costs a lookup, or a 304.
 * Each page is filed under the data its route names and the key it works out
 * from the address (pageRoutes.ts), so the writes that change that data make
 * it stale (shared/staleData.ts); every page is emptied when the configuration
 * or the build changes.
 */
class PageRenderer {
  private ssr: Promise<SsrModule | null> | undefined;
  /** The SSR bundle once imported: cached() tells the site's addresses with it, without waiting. */
  private loaded: SsrModule | undefined;
  private template: { build: number; text: string; manifest: Record<string, ManifestChunk> } | undefined;
  /** The build's stylesheets by file name, read once per build (their names carry a hash). */
  private styles = new Map<string, string>();
  private statuses = new Map<string, number>();
  private cachedFor: SiteConfig | undefined;
  private cachedTemplate: string | undefined;
  private readonly ssrFile: string;
  private readonly indexFile: string;

  constructor(
    private readonly config: ServerConfig,
    private readonly s: Services,
    private readonly files: StaticFiles,
  ) {
    this.indexFile = path.join(config.webDir, "index.html");
    this.ssrFile = path.resolve(config.webDir, "..", "ssr", "entry-server.js");
  }

  /**
   * The page at `pathname` with `search` if it is in the page cache, looked up without reading anything
   * (an address whose page is not there, or another spelling of a memorial's, goes the long way, through page()).
   */
  cached(pathname: string, search: string): Rendered | undefined {
    const template = this.readTemplate();
    if (!template || !this.cachedTemplate || !this.loaded) return undefined;
    this.renewedFor(this.s.site.get(), template);
    const page = pageAt(pageAddress(pathname, search), this.loaded.isKnownPath);
    const entry = this.s.cache.peek(cacheKey(page.data, page.key));
    if (entry) return { status: this.statusOf(page), entry };
    const missing = page.missingKey === undefined ? undefined : this.s.cache.peek(cacheKey(page.data, page.missingKey));
    return missing && { status: 404, entry: missing };
  }

  /** A cached page's status: a page that reads nothing says its own (the not-found page 404); the others found 200. */
  private statusOf(page: Page): number {
    return page.read ? 200 : (this.statuses.get(page.key) ?? (page.key === notFoundKey(localeOfPath(page.key)) ? 404 : 200));
  }

  /** Empties the pages when site.json or the build changed (the store hands out a new object only then). */
  private renewedFor(site: SiteConfig, template: string): void {
    if (site !== this.cachedFor || template !== this.cachedTemplate) {
      this.s.cache.invalidate(cacheKey("pages"), cacheKey("gardenPages"));
      this.cachedFor = site;
      this.cachedTemplate = template;
    }
  }

  /**
   * The page at `pathname` with `search`; with `form` (a form's answer, or the memorial a comment is
   * written for) it is rendered for this request only, never cached.
   */
  async page(pathname: string, search: string, form?: FormPageData): Promise<Rendered> {
    const template = this.readTemplate();
    if (!template) return { status: 200, body: NOT_BUILT };
    const manifest = this.template!.manifest;
    const site = this.s.site.get();
    this.renewedFor(site, template);
    const ssr = await this.loadSsr();
    if (!ssr) return { status: 200, body: template };
    const address = pageAddress(pathname, search);
    const { path, locale } = address;
    const page = pageAt(address, ssr.isKnownPath);
    const data = page.read ? await page.read(this.s) : null;
    if (form && (form.form || form.comment)) {
      const known = ssr.isKnownPath(path);
      const body = await this.render(
        ssr,
        known ? path : notFoundKey(locale),
        search,
        template,
        site,
        manifest,
        data && !data.notFound ? data : null,
        page.canonical,
        form,
      );
      return { status: known ? 200 : 404, body };
    }
    if (data?.redirect) return { status: 301, redirect: data.redirect + (search ? `?${search}` : "") };
    if (data) {
      // A memorial that is not in the garden (never was, or was withdrawn): its own gentle page, not the site's 404 text.
      const missing = data.notFound === true;
      const entry = await this.s.cache.getRaw(
        cacheKey(page.data, (missing ? page.missingKey : undefined) ?? page.key),
        () => this.render(ssr, path, missing ? "" : search, template, site, manifest, data, page.canonical),
        { bounded: true },
      );
      return { status: missing ? 404 : 200, entry };
    }
    // A page that reads nothing is rendered from its key (its address, or the not-found page's).
    const entry = await this.s.cache.getRaw(cacheKey(page.data, page.key), () => this.render(ssr, page.key, "", template, site, manifest, null));
    return { status: this.statusOf(page), entry };
  }

  private async render(
    ssr: SsrModule,
    pathname: string,
    search: string,
    template: string,
    site: SiteConfig,
    manifest: Record<string, ManifestChunk>,
    data: PageData | null,
    canonical?: string,
    form?: FormPageData,
  ): Promise<string> {
    const started = performance.now();
    const locale = localeOfPath(pathname);
    const catalog = catalogFor(locale);
    // The team's texts (tagline, phones' labels, leaders, resource links) in the page's language.
    const texts = siteFor(site, locale);
    const result = await ssr.render(pathname + (search ? `?${search}` : ""), texts, data?.data ?? {}, form, catalog);
    // What a page that reads nothing answers (the not-found page 404), for its later visits (see statusOf).
    if (!data) this.statuses.set(pathname, result.status);
    const origin = (site.siteUrl ?? "").replace(/\/+$/, "");
    const title = data?.title ? `${data.title} | ${texts.shortName}` : result.title;
    const description = data?.description ?? result.description;
    // The address in the page's language; a garden view's canonical keeps its view.
    const canonicalPath = (data && canonical) ?? pathname;
    const sameIn = (other: Locale) => pathInLocale(pathWithoutLocale(canonicalPath), other);
    const found = result.status === 200 && !data?.notFound;
    const catalogFile = catalogAddress(locale);
    const head = [
      // The page's language's catalog, fetched beside the scripts and read before hydration (public-web/lib/i18n.ts).
      catalogFile ? `<link rel="preload" id="catalog" href="${escapeHtml(catalogFile)}" as="fetch" crossorigin="anonymous" />` : "",
      found ? `<link rel="canonical" href="${escapeHtml(origin + canonicalPath)}" />` : "",
      // The same page in each language the team offers, and English for every other reader: each page
      // names all of them, so every pair is reciprocal.
      found
        ? [...LOCALES.filter((other) => languageOn(site, other)).map((other) => [other, sameIn(other)] as const), ["x-default", sameIn("en")] as const]
            .map(([lang, href]) => `<link rel="alternate" hreflang="${lang}" href="${escapeHtml(origin + href)}" />`)
            .join("")
        : "",
      found && site.siteUrl && !data?.title ? `<meta property="og:url" content="${escapeHtml(origin + canonicalPath)}" />` : "",
      result.clientOnly || !found || (data?.private && !site.allowMemorialIndexing) || data?.noindex ? `<meta name="robots" content="noindex" />` : "",
      data?.title
        ? [
            `<meta property="og:type" content="article" />`,
            `<meta property="og:title" content="${escapeHtml(data.title)}" />`,
            `<meta property="og:description" content="${escapeHtml(description)}" />`,
            `<meta property="og:url" content="${escapeHtml(origin + canonicalPath)}" />`,
            data.image ? `<meta property="og:image" content="${escapeHtml(origin + data.image)}" />` : "",
            data.image ? `<meta property="og:image:width" content="1200" /><meta property="og:image:height" content="630" />` : "",
            `<meta name="twitter:card" content="summary_large_image" />`,
          ].join("")
        : "",
    ].join("");
    // The page's own chunks and styles arrive with the HTML: styled before JavaScript, no request
    // waterfall. They go last in <head>, after the global stylesheet, which they may refine. The styles
    // are written into the page (about 8 KB compressed in all): on a phone's slow network each stylesheet
    // is one more request the first paint waits for, and a visitor often opens just one page.
    const assets = routeAssets(manifest, result.source)
      .filter((file) => file.endsWith(".css") || !template.includes(`"/${file}"`)) // the template may preload it already
      .map((file) => (file.endsWith(".css") ? this.inlineStyle(file) : `<link rel="modulepreload" href="/${escapeHtml(file)}" />`))
      .join("");
    const body = template
      .replace(/<html[^>]*>/, `<html lang="${locale}">`)
      .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
      .replace(/<meta name="description"[^>]*>/, () => `<meta name="description" content="${escapeHtml(description)}" />`)
      .replace("<!--head-->", head)
      .replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (_link, file: string) => this.inlineStyle(file))
      .replace("</head>", () => `${assets}</head>`)
      .replace(/<div id="root">[\s\S]*?<\/div>(?=\s*<!--data-->)/, () =>
        result.clientOnly ? '<div id="root"></div>' : `<div id="root" data-ssr="1">${result.html}</div>`,
      )
      .replace(
        "<!--data-->",
        () =>
          `<script type="application/json" id="site-config">${jsonForScript(pageSiteConfig(texts, result.siteLists, locale))}</script>` +
          // The API answers the page shows (the garden's first view) and, for one request, a form's answer.
          (data && Object.keys(data.data).length ? `<script type="application/json" id="query-data">${jsonForScript(data.data)}</script>` : "") +
          (form ? `<script type="application/json" id="page-data">${jsonForScript(form)}</script>` : ""),
      );
    if (result.status === 200) this.s.log.info("page_rendered", { path: pathname, ms: logMs(performance.now() - started) });
    return body;
  }

  /**
   * A stylesheet of the build as a <style> element (named by data-href); a link to it if it cannot be read.
   * A disabled link to the same file follows it: the browser does not fetch a disabled stylesheet, and
   * the script that loads a page's chunk after hydration skips any stylesheet the page already links.
   * Without it, each inlined stylesheet was fetched again after hydration and the whole page restyled
   * (on the garden, Lighthouse counted about 100 ms of forced reflow at 4x CPU).
   */
  private inlineStyle(file: string): string {
    let css = this.styles.get(file);
    if (css === undefined) {
      try {
        css = fs.readFileSync(path.join(this.config.webDir, file), "utf8").replace(/<\/style/gi, "<\\/style");
      } catch {
        return `<link rel="stylesheet" href="/${escapeHtml(file)}" />`;
      }
      this.styles.set(file, css);
    }
    return `<style data-href="/${escapeHtml(file)}">${css}</style><link rel="stylesheet" href="/${escapeHtml(file)}" disabled />`;
  }

  /** Imports the SSR bundle once; null when it is not built (the plain shell is served then). */
  private loadSsr(): Promise<SsrModule | null> {
    this.ssr ??= (async () => {
      if (!fs.existsSync(this.ssrFile)) return null;
      try {
        const mod = (await import(/* @vite-ignore */ pathToFileURL(this.ssrFile).href)) as SsrModule;
        await mod.preloadAll();
        this.loaded = mod;
        return mod;
      } catch (err) {
        this.s.log.error("ssr_load_failed", { error: err instanceof Error ? err.message.slice(0, 500) : String(err) });
        return null;
      }
    })();
    return this.ssr;
  }

  /** index.html, re-read when a new build replaced it (the built files say which build is there). */
  private readTemplate(): string | undefined {
    const build = this.files.currentBuild();
    if (build === 0) return undefined;
    if (this.template?.build === build) return this.template.text;
    try {
      this.styles.clear();
      this.template = {
        build,
        text: fs.readFileSync(this.indexFile, "utf8"),
        manifest: readManifest(path.join(this.config.webDir, ".vite", "manifest.json")),
      };
      return this.template.text;
    } catch {
      return undefined;
    }
  }
}

function readManifest(file: string): Record<string, ManifestChunk> {
  try {
    return Manifest.parse(JSON.parse(fs.readFileSync(file, "utf8")));
  } catch {
    return {};
  }
}

/** The JS files (the chunk and what it imports, minus the entry already in index.html) and CSS files of a page module. */
function routeAssets(manifest: Record<string, ManifestChunk>, source: string): string[] {
  const out = new Set<string>();
  const visit = (key: string, top: boolean) => {
    const chunk = manifest[key];
    if (!chunk || (!top && (chunk as { isEntry?: boolean }).isEntry)) return;
    if (out.has(chunk.file)) return;
    out.add(chunk.file);
    for (const css of chunk.css ?? []) out.add(css);
    for (const dep of chunk.imports ?? []) visit(dep, false);
  };
  visit(source, true);
  return [...out];
}

/** JSON that cannot close its <script> element early. */
const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
