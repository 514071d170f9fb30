import { Link } from 'react-router';

import { APP_NAME } from '@/config/brand';
import { LEGAL_UPDATED_AT, PrivacyContent } from '@/features/legal/components/legal-sections';
import { LEGAL_TITLES } from '@/features/legal/components/legal-titles';

const linkClass = 'font-medium text-brand-800 underline underline-offset-2';

/** /privacidad: the privacy policy as a page anyone can open, link to and read without signing in. */
export const PrivacyRoute = () => (
  <article className="mx-auto w-full max-w-2xl px-4 py-8 text-sm leading-relaxed text-stone-700 md:py-12 md:text-base">
    <title>{`${LEGAL_TITLES.privacy} · ${APP_NAME}`}</title>
    <h1 className="text-2xl font-bold tracking-tight text-stone-900 md:text-3xl">{LEGAL_TITLES.privacy}</h1>
    <p className="mt-1 mb-6 text-stone-600">Última actualización: {LEGAL_UPDATED_AT}. Se rige por la ley chilena.</p>
    <PrivacyContent
      contactLink={
        <Link to="/contact" className={linkClass}>
          la página de contacto
        </Link>
      }
      accountLink={
        <Link to="/cuenta" className={linkClass}>
          Mi cuenta
        </Link>
      }
    />
  </article>
);
