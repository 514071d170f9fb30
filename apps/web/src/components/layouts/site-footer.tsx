import type { ReactNode } from 'react';

import { APP_NAME, OPEN_FOOD_FACTS_URL, PARTNER_NAME } from '@/config/brand';

type SiteFooterProps = {
  /** The legal links (they open a dialog owned by the legal feature). */
  legalLinks: ReactNode;
};

export const SiteFooter = ({ legalLinks }: SiteFooterProps) => (
  <footer className="mt-auto border-t border-stone-200 bg-white pb-24 md:pb-0">
    <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm text-stone-600 md:flex-row md:items-start md:justify-between">
      <div className="flex flex-col gap-2 md:max-w-xl">
        <p>
          La información es orientativa y no reemplaza la opinión de un profesional de la salud. Revisa
          siempre la etiqueta del producto.
        </p>
        <p className="text-xs" data-testid="off-attribution">
          Datos de productos: © los colaboradores de{' '}
          <a
            href={OPEN_FOOD_FACTS_URL}
            className="underline underline-offset-2 hover:text-brand-800"
            rel="noopener noreferrer"
            target="_blank"
          >
            Open Food Facts
          </a>{' '}
          (https://world.openfoodfacts.org), bajo la Open Database License (ODbL).
        </p>
        <p className="text-xs">
          © {new Date().getFullYear()} {APP_NAME}, un proyecto de {PARTNER_NAME}.
        </p>
      </div>
      <nav aria-label="Información legal">{legalLinks}</nav>
    </div>
  </footer>
);
