import type { Product } from '@etiqueta/contracts';
import { ALLERGENS } from '@etiqueta/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { MoreLink } from '@/components/ui/more-link';
import { VERDICT_STYLE } from '@/components/food/verdict-mark';
import { joinEs, verdictFor } from '@/lib/verdict';
import { usePreferences } from '@/lib/preferences';

const noun = (id: string) => ALLERGENS.find((a) => a.id === id)?.noun ?? id;

/** What the product answer says of its allergens, in words: the facts behind the verdict. */
export const allergenFacts = (product: Pick<Product, 'allergens'>) => {
  const { status, contains, traces } = product.allergens;
  if (status === 'unknown') return 'Sin lista de ingredientes no sabemos qué alérgenos tiene.';
  const parts = [
    ...(contains.length > 0 ? [`contiene ${joinEs(contains.map(noun))}`] : []),
    ...(traces.length > 0 ? [`puede contener ${joinEs(traces.map(noun))}`] : []),
  ];
  if (parts.length === 0) {
    return status === 'complete'
      ? 'Su lista de ingredientes no declara ninguno.'
      : 'No encontramos ninguno, pero no pudimos leer toda la lista.';
  }
  const text = parts.join('; ');
  const sentence = text.charAt(0).toLocaleUpperCase('es') + text.slice(1);
  return `${sentence}${status === 'partial' ? ' (no pudimos leer toda la lista)' : ''}.`;
};

export const LABEL_IS_AUTHORITY = 'La etiqueta del envase es la que manda: revísala siempre si tienes una alergia.';

/**
 * "¿Puedo comer esto?" beside the score (issue 28): the verdict for this person, decided on this phone from the
 * product answer and the preferences kept here (no request of its own), with an icon and words, never colour
 * alone, and why. Without preferences, one line that leads to "Para ti" (the first screen keeps the seals).
 */
export const ProductVerdict = ({ product }: { product: Product }) => {
  const preferences = usePreferences();
  const verdict = verdictFor(preferences, product);
  if (!verdict) {
    return (
      <MoreLink to="/para-ti" data-testid="product-verdict" data-level="sin-preferencias" className="text-sm">
        ¿Alergias o una dieta? Te decimos si es para ti
      </MoreLink>
    );
  }
  const style = VERDICT_STYLE[verdict.level];
  return (
    <section
      aria-label="¿Es para ti?"
      data-testid="product-verdict"
      data-level={verdict.level}
      className={`rounded-2xl p-3 text-sm ring-1 md:p-4 ${style.box}`}
    >
      <p className="flex items-start gap-2 text-lg leading-snug font-bold text-stone-900" data-testid="verdict-title">
        <style.Icon aria-hidden="true" className={`mt-0.5 size-6 shrink-0 ${style.icon}`} strokeWidth={2.25} />
        {verdict.title}
      </p>
      <ul className="mt-1 space-y-0.5 text-stone-800">
        {verdict.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <p className="mt-1 text-stone-700">
        {LABEL_IS_AUTHORITY}{' '}
        <Link to="/para-ti" className="font-medium text-brand-800 underline underline-offset-4">
          Cambiar mis preferencias
        </Link>
      </p>
    </section>
  );
};

/**
 * The allergens the product answer names, that the label is the authority, and the error report opened on
 * "Alérgenos" (issue 28, honest limits). Shown to everyone, preferences or not.
 */
export const AllergenSection = ({ product, allergenReport }: { product: Product; allergenReport?: ReactNode }) => (
  <section aria-labelledby="allergens-title" className="text-sm" data-testid="allergen-section">
    <h2 id="allergens-title" className="font-semibold text-stone-900">
      Alérgenos
    </h2>
    <p className="mt-0.5 text-stone-800" data-testid="allergen-facts">
      {allergenFacts(product)}
    </p>
    <p className="mt-0.5 text-stone-700">{LABEL_IS_AUTHORITY} ¿Ves un alérgeno mal indicado? Avísanos.</p>
    {allergenReport ? <div className="mt-1">{allergenReport}</div> : null}
  </section>
);
