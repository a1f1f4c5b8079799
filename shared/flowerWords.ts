import { describeFlower, findFlower, type FlowerType } from "./flowers";
import type { Locale } from "./i18n/locale";

/** What a visitor reads about a flower, in one language. */
export interface FlowerWords {
  label: string;
  meaning: string;
  symbolism: string;
}

/**
 * The flowers in Spanish, as Spanish-speaking Catholics name each flower and its Marian name (names
 * that differ by country are in docs/translation.md). A module of its own: the pages' scripts load
 * it only where they show it.
 */
const SPANISH: Record<FlowerType, FlowerWords> = {
  "pink-tulip": {
    label: "Tulipán rosa",
    meaning: "Oración de María",
    symbolism:
      "Una copa rosada que se alza hacia el cielo, como manos juntas en oración. Habla de un amor tierno y de la oración de una madre que nunca termina.",
  },
  marigold: {
    label: "Caléndula",
    meaning: "Oro de María",
    symbolism:
      "Sus pétalos dorados se ofrecían antiguamente ante las imágenes de la Virgen en lugar de monedas. Honra a un hijo más valioso que cualquier tesoro.",
  },
  "ox-eye-daisy": {
    label: "Margarita",
    meaning: "Estrella de María",
    symbolism: "Un centro luminoso rodeado de blanco, como una pequeña estrella en el prado. Recuerda la inocencia y la luz que nos guía a casa.",
  },
  "calla-lily": {
    label: "Alcatraz o cala",
    meaning: "Vara de San José",
    symbolism: "Alto y de una elegancia serena, recuerda la vara de San José, protector de la Sagrada Familia y de cada pequeño.",
  },
  "forget-me-not": {
    label: "Nomeolvides",
    meaning: "Ojos de María",
    symbolism: "Florecitas azules que, según la tradición, tienen el color de los ojos de la Virgen. Prometen que su bebé será recordado siempre.",
  },
  periwinkle: {
    label: "Vinca",
    meaning: "Flor de la Virgen",
    symbolism: "Una planta fiel, siempre verde, que florece aun en la sombra. Habla de pureza y de un amor que permanece en cada estación.",
  },
  lily: {
    label: "Azucena",
    meaning: "Azucena de María",
    symbolism: "La azucena blanca de la Anunciación, signo de pureza y de vida nueva. Guarda la esperanza de la Resurrección.",
  },
  tulip: {
    label: "Tulipán",
    meaning: "Oración de María",
    symbolism: "El tulipán, que se abre con la primavera, es una oración de esperanza: que toda vida, por breve que sea, está en las manos de Dios.",
  },
  carnation: {
    label: "Clavel",
    meaning: "Amor de María a Dios",
    symbolism: "Cuenta la tradición que los claveles brotaron donde cayeron las lágrimas de la Virgen. Representa el amor de una madre que nunca muere.",
  },
  "pink-rose": {
    label: "Rosa rosada",
    meaning: "Santa María, Rosa Mística",
    symbolism: "La rosa es desde hace siglos la flor de la Virgen. Su color rosado habla de gratitud, de gracia y de un amor que el tiempo no borra.",
  },
};

/** A flower's name, Marian name and note in `locale`; an unknown type reads as describeFlower says. */
export function flowerWords(type: string, locale: Locale): FlowerWords {
  const known = findFlower(type);
  if (known) return locale === "en" ? { label: known.label, meaning: known.meaning, symbolism: known.symbolism } : SPANISH[known.type];
  const { label, meaning } = describeFlower(type);
  return locale === "en" ? { label, meaning, symbolism: "" } : { label: label === "Flower" ? "Flor" : label, meaning: "En memoria", symbolism: "" };
}
