import { APP_NAME } from '@/config/brand';
import { ScanButton } from '@/features/scanner/components/scan-button';

export const HOME_HEADLINE = 'Tu energía empieza aquí';

export const HomeRoute = () => (
  <div className="mx-auto w-full max-w-6xl px-4 py-8 md:py-14">
    <title>{`${APP_NAME} · ${HOME_HEADLINE}`}</title>
    <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 md:text-5xl">{HOME_HEADLINE}</h1>
    <p className="mt-3 max-w-2xl text-base text-stone-700 md:text-lg">
      Busca o escanea un alimento envasado y mira su puntaje de 0 a 10, sus aditivos y sus nutrientes.
    </p>
    {/* The scanner's dialog, detector and WASM load on the first tap, not with the home page. */}
    <ScanButton className="mt-6" />
  </div>
);
