import type { ReactNode } from 'react';

import { PERSONAL_DATA_KINDS, RETENTION } from '@etiqueta/contracts';

import { APP_NAME, OPEN_FOOD_FACTS_ATTRIBUTION, PARTNER_NAME } from '@/config/brand';

export const LEGAL_UPDATED_AT = '25 de noviembre de 2026';
/** The privacy policy's version (Ley 21.719 art. 14 ter a: the policy states its date and version). */
export const PRIVACY_VERSION = '3';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="space-y-2">
    <h3 className="font-semibold text-stone-900">{title}</h3>
    {children}
  </section>
);

type ContactLinkProps = { contactLink: ReactNode };

/** Terms of use under Chilean law (spec §1): name and email required, no fake accounts. */
export const TermsContent = ({ contactLink }: ContactLinkProps) => (
  <div className="space-y-5">
    <Section title="1. Qué es Etiqueta Clara">
      <p>
        {APP_NAME} es un proyecto de {PARTNER_NAME} que asigna a los alimentos envasados un puntaje de 0 a 10
        y muestra sus aditivos, otros ingredientes sospechosos y sus nutrientes por 100 g. La información es
        orientativa: no es consejo médico ni nutricional y no reemplaza la opinión de un profesional de la
        salud.
      </p>
    </Section>
    <Section title="2. Inscripción y cuentas">
      <p>
        Para inscribirte en el programa beta o en la lista de espera debes entregar tu nombre, tu apellido y
        un email válido, propios y verdaderos. Está prohibido crear cuentas falsas, usar los datos de otra
        persona o inscribirse más de una vez.
      </p>
      <p>
        Podemos rechazar, suspender o eliminar las inscripciones y cuentas que no cumplan estas reglas. Eres
        responsable del uso de tu acceso; avísanos si crees que otra persona lo está usando.
      </p>
    </Section>
    <Section title="3. Uso permitido">
      <p>
        No uses el servicio con fines ilícitos, no intentes vulnerar su seguridad ni copiar sus datos de forma
        masiva o automatizada, y no envíes contenido falso u ofensivo en tus mensajes o reportes.
      </p>
    </Section>
    <Section title="4. Puntajes y datos de productos">
      <p>
        Los puntajes se calculan de forma automática con la información declarada en los envases y en bases de
        datos abiertas, y pueden tener errores u omisiones. Revisa siempre la etiqueta, sobre todo si tienes
        alergias o una condición de salud. Si encuentras un error, repórtalo y lo revisaremos.
      </p>
      <p>{OPEN_FOOD_FACTS_ATTRIBUTION}</p>
      <p>
        Las marcas y los nombres de productos pertenecen a sus titulares; se mencionan solo para informar y no
        implican relación ni patrocinio.
      </p>
    </Section>
    <Section title="5. Responsabilidad">
      <p>
        Hacemos nuestro mejor esfuerzo para que la información sea correcta, pero el servicio se entrega tal
        como está. Nada de lo aquí dicho limita los derechos que te reconoce la Ley N° 19.496 sobre Protección
        de los Derechos de los Consumidores.
      </p>
    </Section>
    <Section title="6. Cambios">
      <p>Podemos actualizar estos términos. La versión vigente estará siempre aquí, con su fecha.</p>
    </Section>
    <Section title="7. Ley aplicable">
      <p>
        Estos términos se rigen por las leyes de la República de Chile, y cualquier controversia será conocida
        por los tribunales competentes de Chile. Para consultas, escríbenos desde {contactLink}.
      </p>
    </Section>
  </div>
);

type PrivacyLinks = ContactLinkProps & {
  /** Link to /cuenta (Mi cuenta), where a member exercises most rights in two taps. */
  accountLink: ReactNode;
};

const RIGHTS: { name: string; how: (links: PrivacyLinks) => ReactNode }[] = [
  {
    name: 'Acceso',
    how: ({ accountLink }) => <>saber qué datos tuyos tenemos, de dónde vienen, para qué y por cuánto tiempo: todo está en {accountLink}.</>,
  },
  {
    name: 'Rectificación',
    how: ({ accountLink, contactLink }) => <>corregir datos inexactos: tu nombre lo cambias en {accountLink}; lo demás, pídelo desde {contactLink}.</>,
  },
  {
    name: 'Supresión',
    how: ({ accountLink }) => <>que borremos tus datos: el botón «Eliminar mi cuenta» en {accountLink} los borra de inmediato y cierra tu sesión en todos tus dispositivos.</>,
  },
  {
    name: 'Oposición',
    how: ({ contactLink }) => <>que dejemos de usar tus datos para un fin determinado: tu historial lo desactivas tú en Historial (y lo borramos); para lo demás, escríbenos desde {contactLink}.</>,
  },
  {
    name: 'Portabilidad',
    how: ({ accountLink }) => <>llevarte tus datos en un formato que otro sistema puede leer: «Descargar mis datos (JSON)» en {accountLink}.</>,
  },
  {
    name: 'Bloqueo',
    how: ({ contactLink }) => <>que pausemos el uso de tus datos mientras resolvemos otra solicitud tuya: pídelo desde {contactLink}; respondemos en 2 días hábiles.</>,
  },
];

/**
 * Privacy policy under Ley N° 21.719 (in force 1 December 2026), in plain Spanish: each item that art. 14 ter
 * asks for, and the figures of RETENTION and PERSONAL_DATA_KINDS, which the server enforces (docs/privacy.md).
 */
export const PrivacyContent = (links: PrivacyLinks) => {
  const { contactLink } = links;
  return (
    <div className="space-y-5">
      <p>
        Aquí te contamos, en simple, qué datos personales tuyos tratamos, para qué, por cuánto tiempo y cómo
        ejercer tus derechos según la Ley N° 21.719 sobre protección de datos personales. Versión{' '}
        {PRIVACY_VERSION}, del {LEGAL_UPDATED_AT}.
      </p>
      <Section title="1. Quién es responsable de tus datos">
        <p>
          {APP_NAME}, un proyecto de {PARTNER_NAME}. Para cualquier pregunta o solicitud sobre tus datos,
          escríbenos desde {contactLink} indicando «Datos personales». Si tienes cuenta, la mayoría de tus
          derechos los ejerces tú mismo en {links.accountLink}.
        </p>
      </Section>
      <Section title="2. Qué datos tratamos, para qué y por cuánto tiempo">
        <ul className="space-y-3">
          {Object.entries(PERSONAL_DATA_KINDS).map(([kind, about]) => (
            <li key={kind}>
              <p className="font-medium text-stone-900">{about.label}</p>
              <p>Para qué: {about.purpose}</p>
              <p>Base legal: {about.legalBasis}</p>
              <p>Cuánto tiempo: {about.retention}</p>
            </li>
          ))}
          <li>
            <p className="font-medium text-stone-900">Registros técnicos del servidor</p>
            <p>
              Para qué: seguridad y detectar abusos. Guardan la página pedida y tu dirección IP recortada (sin
              su última parte, así no apunta a tu casa); nunca tu email.
            </p>
            <p>Base legal: interés legítimo en la seguridad del servicio (art. 13 d).</p>
            <p>Cuánto tiempo: {RETENTION.requestLogDays} días.</p>
          </li>
        </ul>
        <p>
          Usamos una sola cookie, la de sesión, necesaria para mantenerte conectado. No usamos cookies de
          publicidad ni de analítica, no hacemos perfiles y no vendemos tus datos. El puntaje evalúa
          productos, no personas: no tomamos decisiones automatizadas sobre ti.
        </p>
      </Section>
      <Section title="3. Quién recibe tus datos">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            El proveedor de correo que envía tus códigos de ingreso: recibe tu email y el código, por encargo
            nuestro y solo para enviarlo.
          </li>
          <li>El proveedor que aloja el servicio, por encargo nuestro y con deber de confidencialidad.</li>
          <li>
            Open Food Facts, la base de datos abierta de productos: hoy no le enviamos ningún dato personal. Si
            algún día reenviamos una contribución tuya sobre un producto, te lo diremos antes y enviaremos solo
            la contribución, sin tu nombre ni tu email.
          </li>
        </ul>
        <p>
          Si alguno de estos proveedores está fuera de Chile, solo lo usaremos con las garantías que exige la
          ley. Fuera de esto, solo entregamos datos si la ley o un tribunal lo exige.
        </p>
      </Section>
      <Section title="4. Tus derechos y cómo ejercerlos">
        <ul className="list-disc space-y-1 pl-5">
          {RIGHTS.map((right) => (
            <li key={right.name}>
              <span className="font-medium text-stone-900">{right.name}:</span> {right.how(links)}
            </li>
          ))}
        </ul>
        <p>
          Ejercerlos es gratis. Si nos escribes, te respondemos dentro de 30 días corridos. También puedes
          retirar en cualquier momento el consentimiento que nos diste para los datos opcionales (Instagram y
          cómo nos conociste), sin afectar lo que hicimos antes.
        </p>
      </Section>
      <Section title="5. Si no estás conforme">
        <p>
          Si no te respondemos a tiempo o no estás de acuerdo con nuestra respuesta, puedes reclamar ante la
          Agencia de Protección de Datos Personales, dentro de los 30 días hábiles siguientes.
        </p>
      </Section>
      <Section title="6. Seguridad">
        <p>
          Usamos conexiones cifradas; de las sesiones y los códigos de ingreso guardamos solo una huella
          (hash), nunca el valor; y solo las personas que lo necesitan pueden ver tus datos. Si ocurriera una
          filtración que te ponga en riesgo, lo informaremos como exige la ley.
        </p>
      </Section>
      <Section title="7. Menores de edad">
        <p>
          El servicio no está dirigido a menores de 14 años. Sus datos solo pueden entregarse con la
          autorización de su madre, padre o representante legal.
        </p>
      </Section>
    </div>
  );
};
