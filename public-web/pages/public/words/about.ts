import type { Locale } from "../../../../shared/i18n/locale";

/** About Us in each language (why here and not in the catalog: see words/terms.ts). {organisation} is the team's name. */
interface AboutWords {
  lead: string;
  whatHowWhy: string;
  cards: { what: [string, string]; how: [string, string]; why: [string, string] };
  notTitle: string;
  not: string;
  nameTitle: string;
  name: string;
  mercyTitle: string;
  mercyIntro: string;
  corporalTitle: string;
  corporal: string[];
  spiritualTitle: string;
  spiritual: string[];
}

export const ABOUT: Record<Locale, AboutWords> = {
  en: {
    lead: "{organisation} exists so that no family has to face the loss of an unborn child alone, and no baby is forgotten.",
    whatHowWhy: "What We Do, How and Why",
    cards: {
      what: [
        "What",
        "We give immediate help with the burial or cremation of babies lost through miscarriage or stillbirth, so that parents can lay their child to rest with dignity.",
      ],
      how: [
        "How",
        "By comforting the sorrowful: we listen, pray, guide families through practical decisions and stay in touch through our volunteers and peer groups.",
      ],
      why: [
        "Why",
        "Because life begins at conception. Every child, however small, is a person made in the image of God and deserves to be honoured and remembered.",
      ],
    },
    notTitle: "What We Do Not Do",
    not: "We do not pay for funeral services arranged outside our apostolate, and we are not able to reimburse costs after the fact. Our help is for immediate losses: families who have just lost their baby and need to decide what to do next. If your loss was some time ago, we would still love to support you through prayer, our peer groups and the Garden of Remembrance.",
    nameTitle: "Why an Apostolate, Not a Ministry",
    name: "We call ourselves an apostolate rather than a ministry on purpose. A ministry is usually a work carried out by the Church's ordained clergy or under a parish's direct authority. An apostolate is the work of lay people, ordinary Catholics who answer the call of their Baptism to bring Christ's love into the world. Our volunteers are mothers, fathers, grandparents and friends, serving in communion with the Church and with the guidance of our spiritual director.",
    mercyTitle: "The Works of Mercy",
    mercyIntro: "Our work grows from the works of mercy, especially burying the dead and comforting the afflicted.",
    corporalTitle: "The Corporal Works of Mercy",
    corporal: [
      "Feed the hungry",
      "Give drink to the thirsty",
      "Clothe the naked",
      "Shelter the homeless",
      "Visit the sick",
      "Visit the imprisoned",
      "Bury the dead",
    ],
    spiritualTitle: "The Spiritual Works of Mercy",
    spiritual: [
      "Instruct the ignorant",
      "Counsel the doubtful",
      "Admonish the sinner",
      "Bear wrongs patiently",
      "Forgive offences willingly",
      "Comfort the afflicted",
      "Pray for the living and the dead",
    ],
  },
  es: {
    lead: "{organisation} existe para que ninguna familia tenga que enfrentar sola la pérdida de un hijo antes de nacer, y para que ningún bebé sea olvidado.",
    whatHowWhy: "Qué hacemos, cómo y por qué",
    cards: {
      what: [
        "Qué",
        "Ayudamos de inmediato con la sepultura o la cremación de los bebés que mueren durante el embarazo o nacen sin vida, para que sus padres puedan darles descanso con dignidad.",
      ],
      how: [
        "Cómo",
        "Consolando al triste: escuchamos, rezamos, acompañamos a las familias en las decisiones prácticas y seguimos a su lado por medio de nuestros voluntarios y grupos de apoyo.",
      ],
      why: [
        "Por qué",
        "Porque la vida comienza en la concepción. Cada hijo, por pequeño que sea, es una persona creada a imagen de Dios y merece ser honrado y recordado.",
      ],
    },
    notTitle: "Lo que no hacemos",
    not: "No pagamos servicios funerarios contratados fuera de nuestro apostolado, ni podemos reembolsar gastos ya hechos. Nuestra ayuda es para las pérdidas recientes: las familias que acaban de perder a su bebé y necesitan decidir qué hacer. Si su pérdida ocurrió hace tiempo, con gusto le acompañamos con la oración, nuestros grupos de apoyo y el Jardín del Recuerdo.",
    nameTitle: "Por qué un apostolado y no un ministerio",
    name: "Nos llamamos apostolado, y no ministerio, a propósito. Un ministerio suele ser una labor que llevan a cabo los clérigos ordenados de la Iglesia o que depende directamente de una parroquia. Un apostolado es obra de laicos: católicos comunes y corrientes que responden al llamado de su Bautismo a llevar el amor de Cristo al mundo. Nuestros voluntarios son madres, padres, abuelos y amigos, que sirven en comunión con la Iglesia y con la guía de nuestro director espiritual.",
    mercyTitle: "Las obras de misericordia",
    mercyIntro: "Nuestra labor nace de las obras de misericordia, sobre todo enterrar a los muertos y consolar al triste.",
    corporalTitle: "Las obras de misericordia corporales",
    corporal: [
      "Dar de comer al hambriento",
      "Dar de beber al sediento",
      "Vestir al desnudo",
      "Dar posada al peregrino",
      "Visitar a los enfermos",
      "Visitar a los presos",
      "Enterrar a los muertos",
    ],
    spiritualTitle: "Las obras de misericordia espirituales",
    spiritual: [
      "Enseñar al que no sabe",
      "Dar buen consejo al que lo necesita",
      "Corregir al que se equivoca",
      "Sufrir con paciencia los defectos del prójimo",
      "Perdonar las injurias",
      "Consolar al triste",
      "Rogar a Dios por los vivos y por los difuntos",
    ],
  },
};
