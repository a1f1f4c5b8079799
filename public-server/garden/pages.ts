import { describeFlower } from "../../shared/flowers";
import {
  LIBRARY_API_PATH,
  commentsApiPath,
  flowerApiPath,
  fullName,
  inLovingMemoryOf,
  gardenApiPath,
  memorialPath,
  type GardenQuery,
} from "../../shared/garden";
import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locale";
import { pathInLocale } from "../../shared/i18n/paths";
import { listPublicComments } from "../queries/memorialComments";
import { t } from "../lib/catalogs";
import type { Services } from "../context";
import { CommentLibraryEntity } from "../entities/CommentLibrary";
import { presentLibraryEntry, presentPublicComment } from "../presenters";
import { approvedFlower, gardenPage, searchHiddenAmong } from "./query";
import { previewPath } from "./preview";

/** What a garden address needs besides the page itself: its data, and how the head describes it. */
export interface PageData {
  /** API answers to render with (and to hand the browser), by their API address. */
  data: Record<string, unknown>;
  title?: string;
  description?: string;
  /** Kept out of search engines (unless the site allows it): searches, views that show names, and memorial pages. */
  private?: boolean;
  /** Kept out of search engines whatever the site allows: it shows a name whose family asked so. */
  noindex?: boolean;
  /** The social preview image's path. */
  image?: string;
  /** Answer with a redirect to this path (a memorial's address with old or missing words). */
  redirect?: string;
  notFound?: boolean;
}

/** One view of the garden (its page of flowers), read on the read-only connection. */
export async function gardenViewData(s: Services, query: GardenQuery): Promise<PageData> {
  const [view, noindex] = await s.db.read((db) => {
    const page = gardenPage(db, query);
    return [
      page,
      searchHiddenAmong(
        db,
        page.flowers.map((f) => f.id),
      ),
    ] as const;
  });
  // A view that shows babies' names is kept out of search engines as their memorial pages are (unless the site allows it).
  return { data: { [gardenApiPath(query)]: view }, private: Boolean(query.search) || view.flowers.length > 0, noindex };
}

/**
 * The memorial page of flower `id` at `pathname` (without its language prefix) in a language, read on the
 * read-only connection: a redirect (carrying the language's prefix) when the address's words are not the
 * memorial's own.
 */
export async function memorialPageData(s: Services, pathname: string, id: number | null, locale: Locale = DEFAULT_LOCALE): Promise<PageData> {
  const [flower, noindex] = id === null ? [null, false] : await s.db.read((db) => [approvedFlower(db, id), searchHiddenAmong(db, [id])] as const);
  // A memorial not (or no longer) in the garden: the memorial page itself says so gently, status 404.
  if (!flower) return { data: id === null ? {} : { [flowerApiPath(id)]: null }, notFound: true, private: true };
  const path = memorialPath(flower);
  if (path !== pathname) return { data: {}, redirect: pathInLocale(path, locale) };
  const [comments, library] = await s.db.read(async (_, m) =>
    Promise.all([listPublicComments(m, flower.id), m.find(CommentLibraryEntity, { where: { active: true }, order: { category: "DESC", id: "ASC" } })]),
  );
  const name = fullName(flower);
  const { label, meaning } = describeFlower(flower.flowerType);
  return {
    data: {
      [flowerApiPath(flower.id)]: flower,
      [commentsApiPath(flower.id)]: comments.map(presentPublicComment),
      [LIBRARY_API_PATH]: library.map(presentLibraryEntry),
    },
    title: locale === DEFAULT_LOCALE ? inLovingMemoryOf(name) : t(locale, "In loving memory of {name}", { name }),
    description: t(
      locale,
      flower.lossDate
        ? "A {flower} ({meaning}) in the Garden of Remembrance, in loving memory of {name}, {date}."
        : "A {flower} ({meaning}) in the Garden of Remembrance, in loving memory of {name}.",
      {
        flower: t(locale, label),
        meaning: t(locale, meaning),
        name,
        date: flower.lossDate ?? "",
      },
    ),
    private: true,
    noindex,
    image: previewPath(flower),
  };
}
