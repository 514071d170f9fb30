import type { ReactNode } from 'react';

import { APP_NAME, OPEN_FOOD_FACTS_ATTRIBUTION, PARTNER_NAME } from '@/config/brand';

export const LEGAL_UPDATED_AT = '22 de noviembre de 2026';

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

/** Privacy policy under Ley N° 19.628 on the protection of private life (personal data). */
export const PrivacyContent = ({ contactLink }: ContactLinkProps) => (
  <div className="space-y-5">
    <p>
      Tratamos tus datos personales conforme a la Ley N° 19.628 sobre Protección de la Vida Privada y sus
      modificaciones. El responsable es {APP_NAME}, un proyecto de {PARTNER_NAME}.
    </p>
    <Section title="1. Qué datos recogemos">
      <ul className="list-disc space-y-1 pl-5">
        <li>Al inscribirte: nombre, apellido, email y, si nos lo das, tu usuario de Instagram.</li>
        <li>Al escribirnos: nombre, apellido, email y tu mensaje.</li>
        <li>Al reportar un error: el tipo de error, tu descripción y el producto.</li>
        <li>Al iniciar sesión: una cookie de sesión, necesaria para mantenerte conectado.</li>
      </ul>
      <p>No usamos cookies de publicidad ni vendemos tus datos.</p>
    </Section>
    <Section title="2. Para qué los usamos">
      <p>
        Para administrar el programa beta y la lista de espera, darte acceso, responder tus mensajes, corregir
        los datos de los productos y proteger el servicio contra abusos. No usaremos tu email para otros fines
        sin tu consentimiento.
      </p>
    </Section>
    <Section title="3. Tu consentimiento">
      <p>
        Tratamos tus datos porque nos autorizas al enviar un formulario, y solo en lo necesario para lo que
        nos pides. Puedes retirar tu autorización cuando quieras.
      </p>
    </Section>
    <Section title="4. Con quién los compartimos">
      <p>
        Con nadie, salvo con los proveedores que alojan el servicio por encargo nuestro y con deber de
        confidencialidad, o cuando la ley o un tribunal lo exija.
      </p>
    </Section>
    <Section title="5. Cuánto tiempo los guardamos">
      <p>
        Mientras tu inscripción o tu cuenta estén activas y, después, solo el tiempo que exija la ley. Los
        mensajes de contacto se eliminan cuando ya no son necesarios.
      </p>
    </Section>
    <Section title="6. Tus derechos">
      <p>
        Puedes pedir acceso, rectificación, cancelación (eliminación) o bloqueo de tus datos, y oponerte a su
        uso, como lo reconoce la Ley N° 19.628. Escríbenos desde {contactLink} y te responderemos dentro de
        los plazos legales.
      </p>
    </Section>
    <Section title="7. Seguridad">
      <p>
        Usamos conexiones cifradas, guardamos las sesiones de forma protegida y limitamos el acceso a los
        datos a las personas que lo necesitan.
      </p>
    </Section>
    <Section title="8. Menores de edad">
      <p>
        El servicio no está dirigido a menores de 14 años. Sus datos solo pueden entregarse con la
        autorización de su madre, padre o representante legal.
      </p>
    </Section>
  </div>
);
