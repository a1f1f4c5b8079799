import type { Locale } from "../../shared/i18n/locale";
import type { FamilyChange } from "../commands/family";

/**
 * Every word of the emails a family receives, in each language the site
 * speaks. A family who wrote in Spanish reads all of them in Spanish (the
 * language is kept with their flower or testimonial). The Spanish is written
 * as the team's Spanish-speaking volunteers would say it to a grieving
 * parent, in the usted register: see docs/translation.md before changing it.
 */
export interface FamilyWords {
  /** The letter's opening; `parent` may be empty. */
  dear(parent: string): string;
  signOff(organisation: string): string;
  contactLine(phone: string, email: string): string;
  manage(name: string): string;
  manageLabel: string;
  received: { subject(name: string): string; thanks(name: string): string; prayers: string };
  approved: {
    subject(name: string): string;
    placed(name: string, flower: string): string;
    visit(name: string): string;
    onTheList: string;
    remembered(name: string): string;
  };
  link: { subject(name: string): string; here(name: string): string; notYou: string };
  changed: {
    subject(name: string): string;
    /** `until`: the day a withdrawn memorial is deleted; `days`: how long it can be brought back. */
    what: Record<FamilyChange, (name: string, until: string, days: string) => string>;
    justNow: string;
    ifNotYou(email: string, phone: string): string;
  };
  testimonial: { subject: string; thanks: string; grateful: string };
  /** The monthly update's last lines: why it comes, and the link that stops it. */
  update: { why: string; stop: string };
}

const EN: FamilyWords = {
  dear: (parent) => `Dear ${parent || "friend"},`,
  signOff: (organisation) => `With warm regards,\n${organisation}`,
  contactLine: (phone, email) => `If you would like to talk with someone, you can call us at ${phone} or write to ${email}.`,
  manage: (name) =>
    `Your private link below lets you withdraw ${name}'s memorial, turn comments off, or stop our emails, without an account. Please keep it to yourself: whoever has it can make these changes. It stops working after a year without use, and you can ask for a new one at any time.`,
  manageLabel: "Manage your baby's memorial",
  received: {
    subject: (name) => `We have received ${name}'s memorial flower`,
    thanks: (name) =>
      `Thank you for sharing ${name} with us. A volunteer will look at your memorial flower soon, and we will write again when it is in the Garden of Remembrance.`,
    prayers: "We keep your family in our prayers.",
  },
  approved: {
    subject: (name) => `${name}'s memorial flower is now in the Garden of Remembrance`,
    placed: (name, flower) => `The ${flower.toLowerCase()} you chose in memory of ${name} has been placed in our Garden of Remembrance. You can visit it here:`,
    visit: (name) => `Visit ${name}'s flower`,
    onTheList:
      'You asked for our occasional updates, sent about once a month, so you are on our list. You can leave it at any time: with the private link above, or with one click on "Unsubscribe" in any of the updates.',
    remembered: (name) => `${name} is remembered and loved, and we keep your family in our prayers.`,
  },
  link: {
    subject: (name) => `Your private link to ${name}'s memorial`,
    here: (name) => `Here is a new private link to manage ${name}'s memorial flower, as was asked on our website.`,
    notYou: "If you did not ask for it, you need not do anything.",
  },
  changed: {
    subject: (name) => `A change to ${name}'s memorial`,
    what: {
      withdraw: (n, until, days) =>
        `${n}'s memorial was withdrawn from the Garden of Remembrance. It can be brought back with your private link for ${days} days, until ${until}; after that it will be deleted.`,
      restore: (n) => `${n}'s memorial was brought back.`,
      "comments-off": (n) => `Comments on ${n}'s memorial were turned off.`,
      "comments-on": (n) => `Comments on ${n}'s memorial were turned on again.`,
      "surname-initial": (n) => `${n}'s memorial now shows only the first letter of the surname.`,
      "surname-full": (n) => `${n}'s memorial shows the full surname again.`,
      "updates-off": () => "Our monthly updates to this address were stopped.",
      "updates-on": () => "This address will receive our monthly updates.",
      "link-only": (n) => `${n}'s memorial was taken out of the garden's list: only those who have its address can see it.`,
      listed: (n) => `${n}'s memorial is in the garden's list again.`,
      "search-off": (n) => `Search engines are now asked not to show ${n}'s memorial.`,
      "search-on": (n) => `Search engines may show ${n}'s memorial again, if our website allows it.`,
      delete: (n) => `${n}'s memorial and everything we held about it, this address included, were deleted.`,
    },
    justNow: "This was done just now with your private link.",
    ifNotYou: (email, phone) =>
      `If this was you, there is nothing more to do. If it was not you, please write to us at ${email} or call us at ${phone}: we will put it right and close your private links.`,
  },
  testimonial: {
    subject: "Your story is now shared on our website",
    thanks: "Thank you for trusting us with your story. It is now posted on our website, where it can bring comfort to other families walking a similar road:",
    grateful: "We are grateful for your courage and keep you in our prayers.",
  },
  update: {
    why: 'You receive our monthly updates because you asked for them with your baby\'s memorial flower. To stop them, press "Unsubscribe" in your mail program, or open this link:',
    stop: "Stop the monthly updates",
  },
};

const ES: FamilyWords = {
  dear: (parent) => (parent ? `Querido(a) ${parent}:` : "Querida familia:"),
  signOff: (organisation) => `Con cariño,\n${organisation}`,
  contactLine: (phone, email) => `Si desea hablar con alguien, puede llamarnos al ${phone} o escribirnos a ${email}.`,
  manage: (name) =>
    `Con el enlace privado que aparece abajo puede retirar la página en memoria de ${name}, cerrar los comentarios o dejar de recibir nuestros correos, sin necesidad de crear una cuenta. Por favor, guárdelo solo para usted: quien lo tenga puede hacer estos cambios. Deja de funcionar si pasa un año sin usarse, y puede pedir uno nuevo cuando lo necesite.`,
  manageLabel: "Administrar la página en memoria de su bebé",
  received: {
    subject: (name) => `Hemos recibido la flor en memoria de ${name}`,
    thanks: (name) =>
      `Gracias por compartir con nosotros la vida de ${name}. Muy pronto un voluntario revisará su flor, y le escribiremos de nuevo cuando ya esté en el Jardín del Recuerdo.`,
    prayers: "Tenemos a su familia presente en nuestras oraciones.",
  },
  approved: {
    subject: (name) => `La flor en memoria de ${name} ya está en el Jardín del Recuerdo`,
    placed: (name, flower) =>
      `La flor que usted eligió en memoria de ${name} (${flower.toLowerCase()}) ya está en nuestro Jardín del Recuerdo. Puede visitarla aquí:`,
    visit: (name) => `Visitar la flor de ${name}`,
    onTheList:
      "Usted pidió recibir nuestras noticias, que enviamos más o menos una vez al mes, así que está en nuestra lista. Puede salir de ella cuando quiera: con el enlace privado de arriba, o con un clic en «Cancelar suscripción» en cualquiera de esos correos.",
    remembered: (name) => `Recordamos a ${name} con amor, y tenemos a su familia presente en nuestras oraciones.`,
  },
  link: {
    subject: (name) => `Su enlace privado a la página en memoria de ${name}`,
    here: (name) => `Aquí tiene un nuevo enlace privado para administrar la flor en memoria de ${name}, tal como se pidió en nuestro sitio web.`,
    notYou: "Si usted no lo pidió, no necesita hacer nada.",
  },
  changed: {
    subject: (name) => `Un cambio en la página en memoria de ${name}`,
    what: {
      withdraw: (n, until, days) =>
        `La página en memoria de ${n} se retiró del Jardín del Recuerdo. Puede recuperarla con su enlace privado durante ${days} días, hasta el ${until}; después se eliminará.`,
      restore: (n) => `La página en memoria de ${n} volvió al Jardín del Recuerdo.`,
      "comments-off": (n) => `Se cerraron los comentarios en la página en memoria de ${n}.`,
      "comments-on": (n) => `Se volvieron a abrir los comentarios en la página en memoria de ${n}.`,
      "surname-initial": (n) => `La página en memoria de ${n} ahora muestra solo la inicial del apellido.`,
      "surname-full": (n) => `La página en memoria de ${n} vuelve a mostrar el apellido completo.`,
      "updates-off": () => "Dejamos de enviar nuestras noticias mensuales a esta dirección.",
      "updates-on": () => "Esta dirección recibirá nuestras noticias mensuales.",
      "link-only": (n) => `La página en memoria de ${n} ya no aparece en la lista del jardín: solo quienes tengan su dirección pueden verla.`,
      listed: (n) => `La página en memoria de ${n} vuelve a aparecer en la lista del jardín.`,
      "search-off": (n) => `Ahora pedimos a los buscadores que no muestren la página en memoria de ${n}.`,
      "search-on": (n) => `Los buscadores pueden volver a mostrar la página en memoria de ${n}, si nuestro sitio web lo permite.`,
      delete: (n) => `Se eliminaron la página en memoria de ${n} y todo lo que guardábamos sobre ella, incluida esta dirección.`,
    },
    justNow: "Esto se hizo hace un momento con su enlace privado.",
    ifNotYou: (email, phone) =>
      `Si fue usted, no necesita hacer nada más. Si no fue usted, por favor escríbanos a ${email} o llámenos al ${phone}: lo arreglaremos y desactivaremos sus enlaces privados.`,
  },
  testimonial: {
    subject: "Su testimonio ya está publicado en nuestro sitio web",
    thanks:
      "Gracias por confiarnos su testimonio. Ya está publicado en nuestro sitio web, donde puede dar consuelo a otras familias que recorren un camino parecido:",
    grateful: "Le agradecemos su valentía. Usted y los suyos están presentes en nuestras oraciones.",
  },
  update: {
    why: "Usted recibe nuestras noticias mensuales porque las pidió con la flor en memoria de su bebé. Para dejar de recibirlas, presione «Cancelar suscripción» en su programa de correo, o abra este enlace:",
    stop: "Dejar de recibir las noticias mensuales",
  },
};

export const FAMILY_WORDS: Record<Locale, FamilyWords> = { en: EN, es: ES };
