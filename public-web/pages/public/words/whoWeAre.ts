import type { Locale } from "../../../../shared/i18n/locale";

/** Who We Are in each language (why here and not in the catalog: see words/terms.ts); the leaders' words are the team's, in site.json. */
export const WHO_WE_ARE: Record<Locale, { lead: string; volunteerTitle: string; volunteer: string; leadersTitle: string }> = {
  en: {
    lead: "We are volunteers. No one here is paid; every call answered and every baby buried is a gift of time from people who care.",
    volunteerTitle: "A Community of Volunteers",
    volunteer:
      "Many of us have lost a child of our own. Others are nurses, counsellors, clergy or simply neighbours who felt called to help. Together we try to be for each family what we wish someone had been for us. If you would like to volunteer, please get in touch; there is a place for every gift.",
    leadersTitle: "Our Leadership",
  },
  es: {
    lead: "Somos voluntarios. Aquí nadie recibe un sueldo: cada llamada atendida y cada bebé sepultado es tiempo regalado con cariño.",
    volunteerTitle: "Una comunidad de voluntarios",
    volunteer:
      "Muchos de nosotros hemos perdido un hijo. Otros son enfermeras, consejeros, sacerdotes y diáconos, o simplemente vecinos que sintieron el llamado a ayudar. Juntos tratamos de ser para cada familia lo que hubiéramos querido que alguien fuera para nosotros. Si desea ser voluntario, por favor comuníquese con nosotros: hay un lugar para cada don.",
    leadersTitle: "Quienes nos guían",
  },
};
