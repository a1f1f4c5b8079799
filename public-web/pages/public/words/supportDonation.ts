import type { Locale } from "../../../../shared/i18n/locale";

/** A card: its title and its sentence. */
type CardWords = [title: string, text: string];

/** Donate & Sponsor in each language (why here and not in the catalog: see words/terms.ts). {organisation} is the team's name. */
interface DonationWords {
  lead: string;
  donateNow: string;
  formTitle: string;
  formIntro: string;
  frameTitle: string;
  helpsTitle: string;
  helps: { burial: CardWords; packages: CardWords; garden: CardWords; evenings: CardWords };
  supportTitle: string;
  moreTitle: string;
  more: { garden: [...CardWords, string]; testimonials: [...CardWords, string]; families: [...CardWords, string] };
  questionsTitle: string;
  taxNote: string;
}

export const SUPPORT_DONATION: Record<Locale, DonationWords> = {
  en: {
    lead: "Your generosity lets a grieving family lay their baby to rest with dignity, at no cost to them, and keeps our garden and our support open to all.",
    donateNow: "Donate Now",
    formTitle: "Give Securely",
    formIntro: "You can give here on the page, or open the same secure form in a new tab with the Donate Now button.",
    frameTitle: "Secure donation form",
    helpsTitle: "How Your Donation Helps",
    helps: {
      burial: ["Burial and Cremation", "Helps families arrange a dignified burial or cremation for their baby, right when they need it."],
      packages: ["Comfort Packages", "Sends letters, remembrance cards and gentle reading to parents in the weeks after their loss."],
      garden: ["The Garden of Remembrance", "Keeps our online garden open, so every family can plant a flower for free."],
      evenings: ["Evenings of Reflection", "Hosts prayerful gatherings where bereaved parents can remember their children together."],
    },
    supportTitle: "Support We Offer",
    moreTitle: "More Ways to Take Part",
    more: {
      garden: ["Garden of Remembrance", "Honour a baby with a memorial flower and a name.", "Visit the garden"],
      testimonials: ["Testimonials", "Read how other families found comfort, and share your own story.", "Read and share stories"],
      families: ["New Families", "Recently lost a baby? Here is how to register with us for help.", "Learn how to register"],
    },
    questionsTitle: "Questions About Giving?",
    taxNote: "{organisation} is a 501(c)(3) non-profit organisation; your gift is tax-deductible to the extent allowed by law.",
  },
  es: {
    lead: "Su generosidad permite que una familia en duelo dé a su bebé una sepultura digna, sin costo alguno para ella, y mantiene nuestro jardín y nuestro apoyo abiertos a todos.",
    donateNow: "Donar ahora",
    formTitle: "Done de forma segura",
    formIntro: "Puede hacer su donativo aquí mismo, o abrir el mismo formulario seguro en una pestaña nueva con el botón «Donar ahora».",
    frameTitle: "Formulario seguro de donativos",
    helpsTitle: "Cómo ayuda su donativo",
    helps: {
      burial: ["Sepultura y cremación", "Ayuda a las familias a dar a su bebé una sepultura o una cremación dignas, justo cuando lo necesitan."],
      packages: ["Paquetes de consuelo", "Envía cartas, estampas de recuerdo y lecturas que acompañan a los padres en las semanas después de su pérdida."],
      garden: ["El Jardín del Recuerdo", "Mantiene abierto nuestro jardín en internet, para que cada familia pueda plantar una flor sin costo."],
      evenings: ["Tardes de reflexión", "Hace posibles encuentros de oración en los que los padres en duelo pueden recordar juntos a sus hijos."],
    },
    supportTitle: "El apoyo que ofrecemos",
    moreTitle: "Otras maneras de participar",
    more: {
      garden: ["Jardín del Recuerdo", "Honre a un bebé con una flor conmemorativa y su nombre.", "Visitar el jardín"],
      testimonials: ["Testimonios", "Lea cómo otras familias encontraron consuelo, y comparta su propia historia.", "Leer y compartir testimonios"],
      families: ["Familias nuevas", "¿Acaba de perder a su bebé? Así puede inscribirse con nosotros para recibir ayuda.", "Cómo inscribirse"],
    },
    questionsTitle: "¿Tiene preguntas sobre los donativos?",
    taxNote: "{organisation} es una organización sin fines de lucro 501(c)(3); su donativo es deducible de impuestos en la medida en que lo permita la ley.",
  },
};
