import { ExternalLink, HeartPulse, History, MessageCircle } from 'lucide-react';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { APP_NAME, COMMUNITY_CHAT_URL } from '@/config/brand';
import { useAuthStatus } from '@/features/auth/api/get-auth-status';
import { useCategories } from '@/features/category-grid/api/get-categories';
import { CategoryGrid } from '@/features/category-grid/components/category-grid';
import { HomeSearch } from '@/features/search/components/home-search';
import { ScanButton } from '@/features/scanner/components/scan-button';
import { BETA_PLACES_TEXT } from '@/features/signup/components/beta-places';
import type { SignupSection as SignupSectionComponent } from '@/features/signup/components/signup-section';
import { OFFLINE_MESSAGE } from '@/lib/error-message';
import { useRetryWhenOnline } from '@/lib/use-online-status';

export const HOME_HEADLINE = 'Tu energía empieza aquí';
export const JOIN_ANCHOR = 'quieres-unirte';
export const MEMBER_TITLE = 'Ya eres parte del programa Beta';

// The sign-up form sits below the fold: its code arrives after the page is on screen.
const loadSignupSection = () => import('@/features/signup/components/signup-section');

export const SIGNUP_UNAVAILABLE_TEXT = `No pudimos cargar el formulario de inscripción. ${OFFLINE_MESSAGE}`;

const scrollToJoinSection = (hash: string) => {
  if (hash === `#${JOIN_ANCHOR}`) document.getElementById(JOIN_ANCHOR)?.scrollIntoView({ block: 'start' });
};

/** Runs once the lazy sign-up form is in place, when the layout above it has settled. */
const ScrollToJoinOnMount = ({ hash }: { hash: string }) => {
  useEffect(() => scrollToJoinSection(hash), [hash]);
  return null;
};

/**
 * The sign-up form, once its code has arrived. When it cannot arrive (the connection dropped while the page was
 * loading), this section says so and tries again when the connection is back or on "Reintentar"; the rest of the
 * home stays on screen.
 */
const SignupSectionWhenLoaded = ({ hash }: { hash: string }) => {
  const [Section, setSection] = useState<typeof SignupSectionComponent | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    loadSignupSection().then(
      (module) => current && setSection(() => module.SignupSection),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const load = useCallback(() => {
    setFailed(false);
    setAttempt((count) => count + 1);
  }, []);
  useRetryWhenOnline(failed, load);

  if (failed) {
    return (
      <Alert as="div">
        <p>{SIGNUP_UNAVAILABLE_TEXT}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={load}>
          Reintentar
        </Button>
      </Alert>
    );
  }
  if (!Section) return <Spinner label="Cargando cupos..." className="py-10" />;
  return (
    <>
      <Section />
      <ScrollToJoinOnMount hash={hash} />
    </>
  );
};

/**
 * What a signed-in member finds where visitors find the beta form (they already have a place): the members'
 * corners that are easy to miss, and the community.
 */
const MemberWelcome = () => (
  <>
    <div>
      <h2 id="unirse-title" className="text-2xl font-bold text-brand-900 md:text-3xl">
        {MEMBER_TITLE}
      </h2>
      <p className="mt-2 text-stone-700">
        Gracias por probar {APP_NAME}. Marca tus alergias y dietas para ver qué te sirve, y vuelve a lo que ya
        miraste.
      </p>
    </div>
    <div className="mt-6 grid gap-3 md:mt-0 md:content-start">
      <Link to="/para-ti" className={buttonClassName({ variant: 'secondary' })}>
        <HeartPulse aria-hidden="true" className="size-5" />
        Para ti: alergias y dietas
      </Link>
      <Link to="/historial" className={buttonClassName({ variant: 'secondary' })}>
        <History aria-hidden="true" className="size-5" />
        Historial
      </Link>
      <a
        href={COMMUNITY_CHAT_URL}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClassName({ variant: 'secondary' })}
      >
        Unirme a la comunidad
        <ExternalLink aria-hidden="true" className="size-4" />
        <span className="sr-only">(se abre en una pestaña nueva)</span>
      </a>
    </div>
  </>
);

/**
 * Whether the floating button would sit over the category cards now: it then steps aside, so it never covers a card
 * (issue 30); it is back as soon as the grid has scrolled past.
 */
const useOverlaps = (
  button: RefObject<HTMLElement | null>,
  area: RefObject<HTMLElement | null>,
  /** Changes when the area's height may have changed (the cards replaced the skeleton). */
  layout: unknown,
) => {
  const [overlaps, setOverlaps] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const a = button.current?.getBoundingClientRect();
      const b = area.current?.getBoundingClientRect();
      setOverlaps(
        !!a &&
          !!b &&
          a.height > 0 &&
          a.top < b.bottom &&
          a.bottom > b.top &&
          a.left < b.right &&
          a.right > b.left,
      );
    };
    const schedule = () => {
      if (frame === 0) frame = window.requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [button, area, layout]);
  return overlaps;
};

/** Spec §2 home: search, barcode scan, categories by name, the join section and, on phones, contact. */
export const HomeRoute = () => {
  const { hash } = useLocation();
  // The grid above the section changes height when the categories arrive (skeleton → cards).
  const categoriesSettled = !useCategories().isPending;
  // A member already has a place: the beta form is for those who don't.
  const auth = useAuthStatus();
  const contactRef = useRef<HTMLAnchorElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const contactOverCards = useOverlaps(contactRef, gridRef, categoriesSettled);
  // Spec §2: the join section is scrolled into view when the address hash matches, again once the layout above
  // it has settled.
  useEffect(() => scrollToJoinSection(hash), [hash, categoriesSettled]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 md:py-12">
      <title>{`${APP_NAME} · ${HOME_HEADLINE}`}</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 md:text-5xl">{HOME_HEADLINE}</h1>
      <p className="mt-2 max-w-2xl text-base text-stone-700 md:mt-3 md:text-lg">
        Busca o escanea un alimento envasado y mira su puntaje de 0 a 10, sus aditivos y sus nutrientes.
      </p>

      <div className="mt-5 max-w-4xl md:mt-8">
        {/* The scanner's dialog, detector and WASM load on the first tap, not with the home page. */}
        <HomeSearch actions={<ScanButton size="lg" />} />
      </div>

      <section aria-labelledby="categorias-title" className="mt-10 md:mt-14">
        <h2 id="categorias-title" className="text-xl font-bold text-stone-900 md:text-2xl">
          Categorías
        </h2>
        <div className="mt-4" ref={gridRef}>
          <CategoryGrid />
        </div>
      </section>

      <section
        id={JOIN_ANCHOR}
        aria-labelledby="unirse-title"
        className="mt-12 scroll-mt-20 rounded-3xl bg-brand-50 p-5 ring-1 ring-brand-100 md:mt-16 md:grid md:grid-cols-[1fr_1.2fr] md:gap-10 md:p-10"
      >
        {auth.isPending ? (
          <Spinner label="Cargando cupos..." className="py-10 md:col-span-2" />
        ) : auth.data?.authenticated ? (
          <MemberWelcome />
        ) : (
          <>
            <div>
              <p className="inline-flex rounded-full bg-accent-500/15 px-3 py-1 text-sm font-semibold text-amber-900">
                {BETA_PLACES_TEXT}
              </p>
              <h2 id="unirse-title" className="mt-3 text-2xl font-bold text-brand-900 md:text-3xl">
                ¿Quieres unirte?
              </h2>
              <p className="mt-2 text-stone-700">
                Estamos probando {APP_NAME} con un grupo pequeño. Inscríbete para entrar al programa Beta o
                quedar en la lista de espera: te avisamos por email.
              </p>
            </div>
            <div className="mt-6 md:mt-0">
              <SignupSectionWhenLoaded hash={hash} />
            </div>
          </>
        )}
      </section>

      <Link
        ref={contactRef}
        to="/contact"
        className={`fixed right-4 bottom-4 z-30 inline-flex min-h-12 items-center gap-2 rounded-full bg-brand-700 px-5 font-semibold text-white shadow-lg transition-opacity hover:bg-brand-800 md:hidden ${
          contactOverCards ? 'invisible opacity-0' : ''
        }`}
        data-testid="floating-contact"
      >
        <MessageCircle aria-hidden="true" className="size-5" />
        Contacto
      </Link>
    </div>
  );
};
