import type { Locale } from "../../../../shared/i18n/locale";
import type { LegalText } from "../../../components/content/LegalDocument";

/**
 * The Terms of Service in each language. The long pages keep their words here, with the page, rather
 * than in the catalog: the catalog travels with every Spanish page, these only with their own.
 * Spanish reviewers: change only the text between quotes of the `es` half (docs/translation.md).
 */
export const TERMS: Record<Locale, LegalText> = {
  en: {
    title: "Terms of Service",
    effective: "Effective date: {date}",
    sections: [
      {
        paragraphs: [
          'Welcome. These terms explain the conditions for using the website of {organisation} ("we", "us"). By using the website you agree to them. If you do not agree, please do not use the website.',
        ],
      },
      {
        title: "1. Use of the Website",
        paragraphs: [
          "You may use this website for personal, non-commercial purposes: to find support, to remember your baby, and to learn about our work. Please do not misuse it, try to disrupt it, gain access to parts that are not meant for you, or use it for anything unlawful.",
        ],
      },
      {
        title: "2. Content",
        paragraphs: [
          "The words, images and design of this website belong to us or to those who allowed us to use them. You may share links to our pages and print pages for personal use, but please do not copy or republish our content without our permission.",
        ],
      },
      {
        title: "3. User-Generated Content",
        paragraphs: [
          "When you submit a memorial flower, a comment, a testimonial or another message, you confirm that it is yours to share and that it is respectful. You grant us a non-exclusive, royalty-free licence to use, display, edit for length or clarity, and publish what you submit, on this website and in our apostolate's materials. We review submissions before they appear and may decline or remove any of them at our discretion.",
        ],
      },
      {
        title: "4. Links to Other Sites",
        paragraphs: [
          "We link to other organisations that may be helpful. We do not control those websites, and a link is not an endorsement. Their own terms and privacy policies apply when you visit them.",
        ],
      },
      {
        title: "5. Disclaimer",
        paragraphs: [
          "The information on this website is offered for comfort and general guidance. It is not medical, psychological or legal advice, and it does not replace the care of a qualified professional. If you have questions about your health, please speak with your doctor. In an emergency, call 911.",
        ],
      },
      {
        title: "6. Limitation of Liability",
        paragraphs: [
          'The website is provided "as is". To the fullest extent allowed by law, we are not liable for any loss or damage that arises from your use of the website or from relying on its content, and we do not promise that it will always be available or free of errors.',
        ],
      },
      {
        title: "7. Donations and Payments",
        paragraphs: [
          "Donations are handled by third-party payment services. We do not receive or store your card details; the payment provider processes them under its own terms and security standards. Questions about a donation may be sent to us at the address below.",
        ],
      },
      {
        title: "8. Changes to These Terms",
        paragraphs: [
          "We may update these terms from time to time. The effective date above shows when they last changed. Continuing to use the website after a change means you accept the updated terms.",
        ],
      },
      {
        title: "9. Contact",
        paragraphs: ["If you have questions about these terms, please write to us:", "address", "Email: {email}", "See also our {privacy}."],
      },
    ],
  },
  es: {
    title: "Términos del servicio",
    effective: "Fecha de entrada en vigor: {date}",
    sections: [
      {
        paragraphs: [
          "Le damos la bienvenida. Estos términos explican las condiciones para usar el sitio web de {organisation} («nosotros»). Al usar el sitio web, usted los acepta. Si no está de acuerdo con ellos, le pedimos que no use el sitio web.",
        ],
      },
      {
        title: "1. Uso del sitio web",
        paragraphs: [
          "Puede usar este sitio web con fines personales y no comerciales: para encontrar apoyo, para recordar a su bebé y para conocer nuestra labor. Le pedimos que no haga un mal uso de él, que no intente interrumpir su funcionamiento ni entrar en partes que no son para usted, y que no lo use para nada contrario a la ley.",
        ],
      },
      {
        title: "2. Contenido",
        paragraphs: [
          "Los textos, las imágenes y el diseño de este sitio web son nuestros o de quienes nos permitieron usarlos. Puede compartir enlaces a nuestras páginas e imprimirlas para su uso personal, pero le pedimos que no copie ni vuelva a publicar nuestro contenido sin nuestro permiso.",
        ],
      },
      {
        title: "3. Lo que usted nos envía",
        paragraphs: [
          "Al enviarnos una flor conmemorativa, un comentario, un testimonio u otro mensaje, usted confirma que le corresponde compartirlo y que es respetuoso. Nos concede una licencia no exclusiva y gratuita para usar, mostrar, abreviar o aclarar y publicar lo que nos envía, en este sitio web y en los materiales de nuestro apostolado. Revisamos cada envío antes de que aparezca, y podemos no publicarlo o retirarlo a nuestro criterio.",
        ],
      },
      {
        title: "4. Enlaces a otros sitios",
        paragraphs: [
          "Ofrecemos enlaces a otras organizaciones que pueden serle de ayuda. No controlamos esos sitios web, y un enlace no significa que los respaldemos. Cuando los visite, se aplican sus propios términos y políticas de privacidad.",
        ],
      },
      {
        title: "5. Aviso importante",
        paragraphs: [
          "La información de este sitio web se ofrece como consuelo y orientación general. No es un consejo médico, psicológico ni legal, y no reemplaza la atención de un profesional calificado. Si tiene preguntas sobre su salud, por favor hable con su médico. En una emergencia, llame al 911.",
        ],
      },
      {
        title: "6. Limitación de responsabilidad",
        paragraphs: [
          "El sitio web se ofrece «tal como está». En la medida en que la ley lo permita, no somos responsables de ninguna pérdida o daño que resulte del uso del sitio web o de confiar en su contenido, y no garantizamos que esté siempre disponible ni libre de errores.",
        ],
      },
      {
        title: "7. Donativos y pagos",
        paragraphs: [
          "Los donativos se reciben a través de servicios de pago de terceros. No recibimos ni guardamos los datos de su tarjeta: el proveedor de pagos los procesa según sus propios términos y normas de seguridad. Puede enviarnos sus preguntas sobre un donativo a la dirección que aparece más abajo.",
        ],
      },
      {
        title: "8. Cambios en estos términos",
        paragraphs: [
          "Podemos actualizar estos términos de vez en cuando. La fecha de entrada en vigor, arriba, indica cuándo cambiaron por última vez. Si sigue usando el sitio web después de un cambio, acepta los términos actualizados.",
        ],
      },
      {
        title: "9. Contacto",
        paragraphs: [
          "Si tiene preguntas sobre estos términos, por favor escríbanos:",
          "address",
          "Correo electrónico: {email}",
          "Consulte también nuestra {privacy}.",
        ],
      },
    ],
  },
};
