import { Link } from 'react-router';

import { APP_NAME } from '@/config/brand';
import { LEGAL_UPDATED_AT, PrivacyContent } from '@/features/legal/components/legal-sections';
import { LEGAL_TITLES, RIGHTS_REQUEST_ANCHOR } from '@/features/legal/components/legal-titles';
import { RIGHTS_REQUEST_TITLE, RightsRequestForm } from '@/features/contact/components/rights-request-form';

const linkClass = 'font-medium text-brand-800 underline underline-offset-2';

/** /privacidad: the privacy policy as a page anyone can open, link to and read without signing in, and its rights form. */
export const PrivacyRoute = () => (
  <article className="mx-auto w-full max-w-2xl px-4 py-8 text-sm leading-relaxed text-stone-700 md:py-12 md:text-base">
    <title>{`${LEGAL_TITLES.privacy} · ${APP_NAME}`}</title>
    <h1 className="text-2xl font-bold tracking-tight text-stone-900 md:text-3xl">{LEGAL_TITLES.privacy}</h1>
    <p className="mt-1 mb-6 text-stone-600">
      Última actualización: {LEGAL_UPDATED_AT}. Se rige por la ley chilena.
    </p>
    <PrivacyContent
      contactLink={
        <a href={`#${RIGHTS_REQUEST_ANCHOR}`} className={linkClass}>
          el formulario de solicitudes
        </a>
      }
      accountLink={
        <Link to="/cuenta" className={linkClass}>
          Mi cuenta
        </Link>
      }
    />
    {/* Issue 30: the rights that need a person to act, from a phone too (Contacto's form is for wider screens). */}
    <section
      id={RIGHTS_REQUEST_ANCHOR}
      aria-labelledby={`${RIGHTS_REQUEST_ANCHOR}-title`}
      className="mt-8 scroll-mt-20 space-y-3"
    >
      <h2 id={`${RIGHTS_REQUEST_ANCHOR}-title`} className="text-lg font-bold text-stone-900">
        {RIGHTS_REQUEST_TITLE}
      </h2>
      <p>
        Oposición, bloqueo, corrección de un dato u otra solicitud: te respondemos a tu email en 2 días
        hábiles.
      </p>
      <RightsRequestForm />
    </section>
  </article>
);
