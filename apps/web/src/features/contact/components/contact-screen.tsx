import { CheckCircle2, ExternalLink, MessageCircle } from 'lucide-react';

import { Page } from '@/components/layouts/page';
import { buttonClassName } from '@/components/ui/button';
import { APP_NAME, COMMUNITY_CHAT_URL } from '@/config/brand';

import { ContactForm } from './contact-form';

export const CONTACT_TITLE = '¿Quieres unirte?';

/** Spec §1: what volunteers do, and the two supermarkets under review. */
const WAYS_TO_HELP = [
  'Verifica los puntajes de productos que ya están en la app.',
  'Agrega productos que todavía no aparecen.',
  'Vota por las próximas categorías y supermercados.',
  'Ayúdanos a terminar de revisar dos supermercados: uno va en 50% y el otro en 30%.',
  'Cuéntanos qué mejorarías: cada comentario cuenta.',
];

/** Spec §2: the bullets, the community button, and the form from medium screens up. */
export const ContactScreen = () => (
  <Page title={CONTACT_TITLE}>
    <div className="mt-4 grid gap-10 md:grid-cols-[1fr_1.2fr]">
      <div>
        <p className="text-stone-700">
          {APP_NAME} lo hace una comunidad de voluntarios. Si te gusta comer consciente, hay muchas formas de
          sumarte:
        </p>
        <ul className="mt-4 space-y-3">
          {WAYS_TO_HELP.map((text) => (
            <li key={text} className="flex gap-3 text-stone-800">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
              {text}
            </li>
          ))}
        </ul>
        <a
          href={COMMUNITY_CHAT_URL}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName({ size: 'lg', className: 'mt-6 w-full sm:w-auto' })}
        >
          <MessageCircle aria-hidden="true" className="size-5" />
          Unirme a la comunidad
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">(se abre en una pestaña nueva)</span>
        </a>
      </div>
      <section
        aria-labelledby="contact-form-title"
        className="hidden rounded-3xl bg-white p-6 shadow-sm ring-1 ring-stone-200 md:block"
        data-testid="contact-form-section"
      >
        <h2 id="contact-form-title" className="text-xl font-bold text-stone-900">
          Escríbenos
        </h2>
        <p className="mt-1 mb-5 text-sm text-stone-600">Todos los campos son obligatorios.</p>
        <ContactForm />
      </section>
    </div>
  </Page>
);
