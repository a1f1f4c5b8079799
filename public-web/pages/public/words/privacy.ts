import type { Locale } from "../../../../shared/i18n/locale";
import type { LegalText } from "../../../components/content/LegalDocument";

/**
 * The Privacy Policy in each language (why here and not in the catalog: see words/terms.ts). What it
 * says must stay true of the code: the cookies, the private link, the notes, the retention.
 */
export const PRIVACY: Record<Locale, LegalText> = {
  en: {
    title: "Privacy Policy",
    effective: "Effective date: {date}",
    sections: [
      {
        paragraphs: [
          "{organisation} respects your privacy, especially at a time of loss. This policy explains what information we collect through this website, how we use it and the choices you have.",
        ],
      },
      {
        title: "1. Information We Collect",
        paragraphs: [
          "We collect the information you choose to give us: your name, email address and phone number when you request assistance; your name, email and your baby's name and date of loss when you add a memorial flower; your first and last name and your story when you share a testimonial; and your name when you leave a comment. We also keep basic technical records, such as the time of a request, to keep the website working and safe.",
        ],
      },
      {
        title: "2. How We Use Your Information",
        paragraphs: [
          "We use your information to respond to you, to provide the support you asked for, to publish the memorial details or testimonial you submitted once they are reviewed, to send the monthly updates you asked for, and to protect the website from misuse. Your email address and your own name are never shown on the public memorial.",
          "When you add a memorial flower, our emails to you carry a private link to manage it, without an account: you can withdraw the memorial, turn comments off, show only the first letter of the surname, stop or start the monthly updates, or delete everything about it. If you asked for the monthly updates, you are on our list until you leave it with that link, with one click on “Unsubscribe” in any of the updates, or by writing to us. A withdrawn memorial can be brought back for 30 days; after that it is deleted, from our backups too.",
          {
            when: "remembranceNotes",
            text: "If you ask for a gentle note on the dates you choose (your baby’s anniversary, the due date, or a day of remembrance), we keep those dates as a month and a day, and your time zone, with the memorial. We send nothing until you confirm by email, then one short note on the morning of each date, never more than one in 14 days, and never a request for donations. Every note lets you stop them with one click, or pause them until next year. We keep your choice until you stop the notes, withdraw the memorial or delete it; withdrawing or deleting the memorial stops them at once. Our volunteers see only how many families receive notes, never who.",
          },
          {
            when: "assistanceRetention",
            text: "We keep a request for assistance for {days} days after you send it, long enough to help you and to follow up, and then we delete it, along with our team's copy of it.",
          },
        ],
      },
      {
        title: "3. Cookies and Analytics",
        paragraphs: [
          "Visitors do not need cookies to browse. Our administrators' sign-in uses one essential cookie to keep their session. When a form is sent from a browser without JavaScript, one short-lived cookie holding only a random number lets the next page thank you once; it ends within ten minutes. Opening your private link to manage a memorial sets one cookie, sent only to that page, which ends within half an hour. We do not use advertising cookies, and we do not sell or track your browsing for marketing.",
        ],
      },
      {
        title: "4. Third-Party Services",
        paragraphs: [
          "Donations are processed by an outside donation platform, which handles your payment details under its own privacy policy. We may use trusted service providers, such as an email service, only to operate the website and our apostolate.",
        ],
      },
      {
        title: "5. Sharing Your Information",
        paragraphs: [
          "We do not sell, rent or trade your personal information. We share it only when you ask us to, with volunteers who help your family, with providers who act on our behalf, or when the law requires it.",
        ],
      },
      {
        title: "6. Security",
        paragraphs: [
          "We take reasonable steps to protect your information from loss, misuse and unauthorised access, and only authorised volunteers can reach it. No website can be perfectly secure, so please share only what you are comfortable sharing.",
        ],
      },
      {
        title: "7. Children Under 13",
        paragraphs: [
          "This website is meant for adults. We do not knowingly collect personal information from children under 13. If you believe a child has sent us information, please contact us and we will delete it.",
        ],
      },
      {
        title: "8. Links to Other Sites",
        paragraphs: [
          "Our pages link to other organisations. Their privacy practices are their own, and we encourage you to read their policies when you visit them.",
        ],
      },
      { title: "9. Mailing Address", paragraphs: ["You can write to us by post at:", "address"] },
      {
        title: "10. Changes to This Policy",
        paragraphs: [
          "We may update this policy from time to time. The effective date at the top shows when it last changed, and important changes will be noted on this page.",
        ],
      },
      {
        title: "11. Contact Us",
        paragraphs: [
          "If you have questions about your privacy, or you would like us to correct or delete your information, please email {email}. See also our {terms}.",
        ],
      },
    ],
  },
  es: {
    title: "Política de privacidad",
    effective: "Fecha de entrada en vigor: {date}",
    sections: [
      {
        paragraphs: [
          "{organisation} respeta su privacidad, sobre todo en un momento de pérdida. Esta política explica qué información recogemos por medio de este sitio web, cómo la usamos y qué puede decidir usted.",
        ],
      },
      {
        title: "1. La información que recogemos",
        paragraphs: [
          "Recogemos la información que usted decide darnos: su nombre, su correo electrónico y su número de teléfono cuando pide ayuda; su nombre, su correo electrónico, el nombre de su bebé y la fecha de la pérdida cuando añade una flor conmemorativa; su nombre, su apellido y su historia cuando comparte un testimonio; y su nombre cuando deja un comentario. También guardamos algunos registros técnicos básicos, como la hora de una solicitud, para que el sitio web funcione y sea seguro.",
        ],
      },
      {
        title: "2. Cómo usamos su información",
        paragraphs: [
          "Usamos su información para responderle, para darle el apoyo que nos pidió, para publicar los datos de la flor conmemorativa o el testimonio que nos envió una vez revisados, para enviarle las noticias mensuales que nos pidió y para proteger el sitio web de usos indebidos. Su correo electrónico y su propio nombre nunca aparecen en la página pública en memoria de su bebé.",
          "Cuando añade una flor conmemorativa, los correos que le enviamos llevan un enlace privado para administrarla, sin necesidad de una cuenta: con él puede retirar la flor, desactivar los comentarios, mostrar solo la inicial del apellido, dejar de recibir las noticias mensuales o volver a recibirlas, o borrar todo lo relacionado con ella. Si pidió las noticias mensuales, sigue en nuestra lista hasta que la deje con ese enlace, con un clic en «Cancelar suscripción» en cualquiera de ellas, o escribiéndonos. Una flor retirada puede recuperarse durante 30 días; después se borra, también de nuestras copias de seguridad.",
          {
            when: "remembranceNotes",
            text: "Si nos pide una breve nota de recuerdo en las fechas que usted elija (el aniversario de su bebé, la fecha prevista del parto o un día de recuerdo), guardamos esas fechas como un mes y un día, junto con su zona horaria, con la flor conmemorativa. No enviamos nada hasta que usted lo confirme por correo electrónico; después, una breve nota en la mañana de cada fecha, nunca más de una cada 14 días, y nunca para pedir un donativo. Cada nota le permite dejar de recibirlas con un clic, o pausarlas hasta el año siguiente. Guardamos su elección hasta que deje de recibir las notas, retire la flor o la borre; al retirarla o borrarla, las notas se detienen enseguida. Nuestros voluntarios solo ven cuántas familias reciben notas, nunca quiénes.",
          },
          {
            when: "assistanceRetention",
            text: "Guardamos una solicitud de ayuda durante {days} días después de que nos la envía, el tiempo necesario para ayudarle y darle seguimiento, y luego la borramos, junto con la copia que recibió nuestro equipo.",
          },
        ],
      },
      {
        title: "3. Cookies y estadísticas",
        paragraphs: [
          "Para visitar el sitio no se necesitan cookies. El acceso de nuestros administradores usa una cookie imprescindible para mantener su sesión. Cuando se envía un formulario desde un navegador sin JavaScript, una cookie de corta duración, que solo contiene un número al azar, permite que la página siguiente le dé las gracias una vez; desaparece en menos de diez minutos. Al abrir su enlace privado para administrar una flor conmemorativa se crea una cookie, que solo se envía a esa página y desaparece en menos de media hora. No usamos cookies de publicidad, y no vendemos ni seguimos su navegación con fines comerciales.",
        ],
      },
      {
        title: "4. Servicios de terceros",
        paragraphs: [
          "Los donativos los procesa una plataforma de donaciones externa, que maneja los datos de su pago según su propia política de privacidad. Podemos recurrir a proveedores de confianza, como un servicio de correo electrónico, solo para hacer funcionar el sitio web y nuestro apostolado.",
        ],
      },
      {
        title: "5. Con quién compartimos su información",
        paragraphs: [
          "No vendemos, alquilamos ni intercambiamos su información personal. Solo la compartimos cuando usted nos lo pide, con los voluntarios que ayudan a su familia, con los proveedores que trabajan en nuestro nombre, o cuando la ley lo exige.",
        ],
      },
      {
        title: "6. Seguridad",
        paragraphs: [
          "Tomamos medidas razonables para proteger su información de pérdidas, usos indebidos y accesos no autorizados, y solo los voluntarios autorizados pueden consultarla. Ningún sitio web puede ser perfectamente seguro, por eso le pedimos que comparta solo lo que se sienta cómodo compartiendo.",
        ],
      },
      {
        title: "7. Menores de 13 años",
        paragraphs: [
          "Este sitio web está pensado para adultos. No recogemos a sabiendas información personal de menores de 13 años. Si cree que un niño nos ha enviado información, por favor comuníquese con nosotros y la borraremos.",
        ],
      },
      {
        title: "8. Enlaces a otros sitios",
        paragraphs: [
          "Nuestras páginas tienen enlaces a otras organizaciones. Sus prácticas de privacidad son las suyas, y le animamos a leer sus políticas cuando las visite.",
        ],
      },
      { title: "9. Dirección postal", paragraphs: ["Puede escribirnos por correo postal a:", "address"] },
      {
        title: "10. Cambios en esta política",
        paragraphs: [
          "Podemos actualizar esta política de vez en cuando. La fecha de entrada en vigor, arriba, indica cuándo cambió por última vez, y los cambios importantes se señalarán en esta página.",
        ],
      },
      {
        title: "11. Contacto",
        paragraphs: [
          "Si tiene preguntas sobre su privacidad, o desea que corrijamos o borremos su información, por favor escriba a {email}. Consulte también nuestros {terms}.",
        ],
      },
    ],
  },
};
