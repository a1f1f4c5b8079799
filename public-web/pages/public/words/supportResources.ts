import type { Locale } from "../../../../shared/i18n/locale";

/**
 * Support & Resources in each language (why here and not in the catalog: see words/terms.ts). The
 * sections are the page's, in its order; each shows the links of the section of site.json's
 * `resources` (in Spanish, `translations.es.resources`) with the same title, so the two must match.
 * `id` is the section's anchor, the same in both languages.
 */
interface ResourcesWords {
  lead: string;
  sections: { id: string; title: string }[];
  gardenLink: string;
  gardenText: string;
  crisis: string;
  disclaimer: string;
}

export const SUPPORT_RESOURCES: Record<Locale, ResourcesWords> = {
  en: {
    lead: "We have gathered organisations that other families have found trustworthy and kind. Take what helps and leave the rest; there is no right way to grieve.",
    sections: [
      { id: "remember-your-baby", title: "Remember Your Baby" },
      { id: "miscarriage-information-and-support", title: "Miscarriage Information and Support" },
      { id: "you-are-not-alone", title: "You Are Not Alone" },
      { id: "articles", title: "Articles" },
      { id: "videos", title: "Videos" },
      { id: "struggling-to-cope", title: "Struggling to Cope" },
      { id: "how-to-help-someone-who-is-grieving", title: "How to Help Someone Who Is Grieving" },
    ],
    gardenLink: "Our Garden of Remembrance",
    gardenText: "Plant a memorial flower with your baby's name in our own virtual garden.",
    crisis: "If you are thinking about harming yourself, or you are in danger, call or text 988 now, or call 911.",
    disclaimer:
      "These links are offered for your information only. Listing an organisation or website here is not an endorsement of it, and we are not responsible for the content of outside sites.",
  },
  es: {
    lead: "Hemos reunido organizaciones que otras familias han encontrado confiables y amables. Tome lo que le ayude y deje lo demás: no hay una sola manera correcta de vivir el duelo.",
    sections: [
      { id: "remember-your-baby", title: "Recordar a su bebé" },
      { id: "miscarriage-information-and-support", title: "Información y apoyo tras una pérdida gestacional" },
      { id: "you-are-not-alone", title: "No están solos" },
      { id: "articles", title: "Lecturas" },
      { id: "videos", title: "Videos" },
      { id: "struggling-to-cope", title: "Si le cuesta seguir adelante" },
      { id: "how-to-help-someone-who-is-grieving", title: "Cómo acompañar a alguien en duelo" },
    ],
    gardenLink: "Nuestro Jardín del Recuerdo",
    gardenText: "Plante una flor conmemorativa con el nombre de su bebé en nuestro jardín virtual.",
    crisis:
      "Si está pensando en hacerse daño, o está en peligro, llame o envíe un mensaje de texto al 988 ahora mismo (hay atención en español), o llame al 911.",
    disclaimer:
      "Estos enlaces se ofrecen solo como información. Que una organización o un sitio web aparezca aquí no significa que lo respaldemos, y no somos responsables del contenido de sitios externos.",
  },
};
