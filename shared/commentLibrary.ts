import type { Locale } from "./i18n/locale";
import type { CommentCategory } from "./schemas/public";

/**
 * The messages visitors may leave on a memorial flower, each in every language the site speaks.
 * Visitors choose one; they never write free text. An entry's id is its row in the database's
 * comment_library (the first migration stores them in this order), so a comment left on an English
 * page reads in Spanish on the Spanish page, and the other way round.
 *
 * English Scripture is from the Douay-Rheims Bible (public domain), with its numbering; the Spanish
 * follows the wording and numbering of the Catholic Bibles and lectionaries Spanish-speaking
 * parishes use (Psalms numbered as in the Hebrew: Douay's Psalm 33 is Salmo 34). See
 * docs/translation.md before changing a wording: the meaning must stay the same in both languages.
 */
export interface CommentWording {
  id: number;
  category: CommentCategory;
  en: string;
  es: string;
}

export const COMMENT_LIBRARY: readonly CommentWording[] = [
  { id: 1, category: "standard", en: "Your little one is remembered with love.", es: "Recordamos con amor a su bebé." },
  { id: 2, category: "standard", en: "Holding your family close in prayer today.", es: "Hoy tenemos a su familia muy presente en nuestra oración." },
  { id: 3, category: "standard", en: "So loved, so missed, never forgotten.", es: "Su bebé es muy amado, muy extrañado, y nunca será olvidado." },
  { id: 4, category: "standard", en: "Praying for peace and comfort for your whole family.", es: "Pedimos a Dios paz y consuelo para toda su familia." },
  {
    id: 5,
    category: "standard",
    en: "A short life that left a lasting mark on many hearts.",
    es: "Una vida breve que dejó una huella profunda en muchos corazones.",
  },
  { id: 6, category: "standard", en: "You are not alone. We grieve with you.", es: "No están solos. Los acompañamos en su dolor." },
  {
    id: 7,
    category: "standard",
    en: "Sending gentle thoughts and quiet prayers your way.",
    es: "Les enviamos un pensamiento de cariño y una oración en silencio.",
  },
  { id: 8, category: "standard", en: "Your baby's name is spoken here with tenderness.", es: "Aquí pronunciamos con ternura el nombre de su bebé." },
  { id: 9, category: "standard", en: "May Our Lady wrap you in her mantle of comfort.", es: "Que la Virgen María los cubra con su manto y los consuele." },
  {
    id: 10,
    category: "standard",
    en: "Thinking of you, and of the love that will always be yours.",
    es: "Pensamos en ustedes y en el amor que siempre será suyo.",
  },
  {
    id: 11,
    category: "standard",
    en: "Every life is precious. Your baby's life mattered.",
    es: "Toda vida es valiosa. La vida de su bebé tiene un valor inmenso.",
  },
  {
    id: 12,
    category: "standard",
    en: "With heartfelt sympathy and a promise of prayer.",
    es: "Con nuestro más sentido pésame y la promesa de nuestra oración.",
  },
  { id: 13, category: "standard", en: "Lighting a candle in memory of your little one.", es: "Encendemos una vela en memoria de su bebé." },
  {
    id: 14,
    category: "biblical",
    en: "Blessed are they that mourn: for they shall be comforted. (Matthew 5:5)",
    es: "Bienaventurados los que lloran, porque ellos serán consolados. (Mateo 5, 5)",
  },
  {
    id: 15,
    category: "biblical",
    en: "The Lord is nigh unto them that are of a contrite heart. (Psalm 33:19)",
    es: "El Señor está cerca de los que tienen el corazón quebrantado. (Salmo 34, 19)",
  },
  {
    id: 16,
    category: "biblical",
    en: "Before I formed thee in the bowels of thy mother, I knew thee. (Jeremias 1:5)",
    es: "Antes de formarte en el seno materno, ya te conocía. (Jeremías 1, 5)",
  },
  {
    id: 17,
    category: "biblical",
    en: "God shall wipe away all tears from their eyes. (Apocalypse 21:4)",
    es: "Dios enjugará toda lágrima de sus ojos. (Apocalipsis 21, 4)",
  },
  {
    id: 18,
    category: "biblical",
    en: "Suffer the little children, and forbid them not to come to me. (Matthew 19:14)",
    es: "Dejen que los niños vengan a mí, y no se lo impidan. (Mateo 19, 14)",
  },
  {
    id: 19,
    category: "biblical",
    en: "Come to me, all you that labour, and are burdened, and I will refresh you. (Matthew 11:28)",
    es: "Vengan a mí todos los que están cansados y agobiados, y yo los aliviaré. (Mateo 11, 28)",
  },
  {
    id: 20,
    category: "biblical",
    en: "He healeth the broken of heart, and bindeth up their bruises. (Psalm 146:3)",
    es: "Él sana a los de corazón destrozado y venda sus heridas. (Salmo 147, 3)",
  },
  { id: 21, category: "biblical", en: "Peace I leave with you, my peace I give unto you. (John 14:27)", es: "La paz les dejo, mi paz les doy. (Juan 14, 27)" },
  { id: 22, category: "biblical", en: "Your sorrow shall be turned into joy. (John 16:20)", es: "Su tristeza se convertirá en alegría. (Juan 16, 20)" },
  { id: 23, category: "biblical", en: "I am the resurrection and the life. (John 11:25)", es: "Yo soy la resurrección y la vida. (Juan 11, 25)" },
  {
    id: 24,
    category: "biblical",
    en: "The Lord is my ruler, and I shall want nothing. (Psalm 22:1)",
    es: "El Señor es mi pastor, nada me falta. (Salmo 23, 1)",
  },
  {
    id: 25,
    category: "biblical",
    en: "In my Father's house there are many mansions. (John 14:2)",
    es: "En la casa de mi Padre hay muchas moradas. (Juan 14, 2)",
  },
];

const byId = new Map(COMMENT_LIBRARY.map((entry) => [entry.id, entry]));

/**
 * The wording of library message `id` in `locale`. `stored` is the database's text, which is
 * the English: it is what an English page shows, and what any page shows for a message this list
 * does not know (one a team added to the table by hand).
 */
export function commentText(id: number, locale: Locale, stored: string): string {
  if (locale === "en") return stored;
  return byId.get(id)?.[locale] ?? stored;
}
