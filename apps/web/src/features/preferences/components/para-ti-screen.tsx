import { ALLERGENS, NOT_ALWAYS_DECLARED_IN_CHILE } from '@etiqueta/domain';
import { Plus, ShieldCheck, Trash2, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClassName } from '@/components/ui/form-field';
import { useConfirm } from '@/components/ui/use-confirm';
import {
  type AllergenAvoidance,
  type AvoidedItem,
  addAvoided,
  avoidedKey,
  clearPreferences,
  DIET_PREFERENCES,
  hasPreferences,
  MAX_AVOIDED,
  removeAvoided,
  setAllergenAvoidance,
  setDiet,
  usePreferences,
} from '@/lib/preferences';
import { toast } from '@/lib/toast-store';

import type { Suggestion } from '../lib/suggestions';

export const PARA_TI_TITLE = 'Para ti';
export const CLEAR_PREFERENCES = 'Borrar mis preferencias';

type SuggestionsModule = { SUGGESTIONS: readonly Suggestion[]; resolveAvoided: (typed: string) => AvoidedItem | null };
let suggestionsModule: Promise<SuggestionsModule> | undefined;
const loadSuggestions = () => (suggestionsModule ??= import('../lib/suggestions'));

const CHOICES: { value: AllergenAvoidance | 'no'; label: string }[] = [
  { value: 'no', label: 'No evito' },
  { value: 'evitar', label: 'Evitar' },
  { value: 'trazas', label: 'Evitar también trazas' },
];

/**
 * /para-ti (issue 28): what this person avoids — the allergens Chilean labels declare (and five they do not always
 * declare), each "Evitar" or "Evitar también trazas"; diets; and ingredients or additives they name, with the
 * catalogue's suggestions. Every change is kept at once, on this phone only (lib/preferences.ts): no account is
 * needed, nothing is sent, and signing out keeps it. Product pages and cards then say whether each product suits.
 */
export const ParaTiScreen = () => {
  const preferences = usePreferences();
  const confirm = useConfirm();
  return (
    <Page title={PARA_TI_TITLE} className="max-w-3xl">
      <p className="mt-2 text-stone-700">
        Dinos qué evitas y en cada producto te diremos si es para ti: «Apto para ti», «No apto», «Puede contener» o
        «No sabemos».
      </p>
      <p className="mt-3 flex items-start gap-2 rounded-2xl bg-brand-50 p-3 text-sm text-brand-900 ring-1 ring-brand-200">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>
          Tus preferencias se guardan solo en este teléfono. No las enviamos a nadie ni las guardamos en tu cuenta, y
          siguen aquí aunque cierres sesión. La etiqueta del envase es la que manda: revísala siempre si tienes una
          alergia.
        </span>
      </p>

      <AllergenChoices allergens={preferences.allergens} />

      <fieldset className="mt-8">
        <legend className="text-xl font-bold text-stone-900">Dietas</legend>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {DIET_PREFERENCES.map((diet) => (
            <label
              key={diet.id}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl bg-white px-3 ring-1 ring-stone-200 has-[:checked]:ring-2 has-[:checked]:ring-brand-700"
            >
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={preferences.diets.includes(diet.id)}
                onChange={(event) => setDiet(diet.id, event.target.checked)}
              />
              <span className="font-medium text-stone-900">{diet.label}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <AvoidedItems />

      <div className="mt-10 border-t border-stone-200 pt-6">
        <Button
          variant="secondary"
          aria-disabled={!hasPreferences(preferences) || undefined}
          className={hasPreferences(preferences) ? '' : 'cursor-not-allowed opacity-50'}
          onClick={() => {
            if (hasPreferences(preferences)) confirm.ask(true);
          }}
        >
          <Trash2 aria-hidden="true" className="size-5" />
          {CLEAR_PREFERENCES}
        </Button>
        <ConfirmDialog
          confirm={confirm}
          title="¿Borrar tus preferencias?"
          description="Quitaremos de este teléfono los alérgenos, dietas e ingredientes que evitas. No se puede deshacer."
          confirmLabel="Borrar"
          onConfirm={() => {
            clearPreferences();
            confirm.close();
            toast({ title: 'Preferencias borradas', description: 'Ya no quedan en este teléfono.' });
          }}
        />
      </div>
    </Page>
  );
};

const AllergenChoices = ({ allergens }: { allergens: ReturnType<typeof usePreferences>['allergens'] }) => (
  <section aria-labelledby="para-ti-allergens" className="mt-8">
    <h2 id="para-ti-allergens" className="text-xl font-bold text-stone-900">
      Alérgenos
    </h2>
    <p className="mt-1 text-sm text-stone-700">
      «Evitar también trazas» avisa además cuando la etiqueta dice «Puede contener…» o «Elaborado en una planta que
      procesa…».
    </p>
    <div className="mt-3 grid gap-2">
      {ALLERGENS.map((allergen) => {
        const current = allergens[allergen.id] ?? 'no';
        return (
          <fieldset
            key={allergen.id}
            className="rounded-xl bg-white p-3 ring-1 ring-stone-200"
            data-testid={`allergen-${allergen.id}`}
          >
            <legend className="sr-only">
              {allergen.label}
              {allergen.declaredInChile ? '' : ` (${NOT_ALWAYS_DECLARED_IN_CHILE})`}
            </legend>
            <p aria-hidden="true" className="font-semibold text-stone-900">
              {allergen.label}
              {allergen.declaredInChile ? null : (
                <span className="ml-2 text-xs font-normal text-stone-600">{NOT_ALWAYS_DECLARED_IN_CHILE}</span>
              )}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              {CHOICES.map((choice) => (
                <label
                  key={choice.value}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full bg-stone-50 px-3 text-sm ring-1 ring-stone-300 has-[:checked]:bg-brand-700 has-[:checked]:font-semibold has-[:checked]:text-white has-[:checked]:ring-brand-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2"
                >
                  <input
                    type="radio"
                    className="sr-only"
                    name={`alergeno-${allergen.id}`}
                    value={choice.value}
                    checked={current === choice.value}
                    onChange={() => setAllergenAvoidance(allergen.id, choice.value === 'no' ? null : choice.value)}
                  />
                  {choice.label}
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  </section>
);

const AvoidedItems = () => {
  const { avoid } = usePreferences();
  const inputId = useId();
  const listId = useId();
  const [typed, setTyped] = useState('');
  const [suggestions, setSuggestions] = useState<readonly Suggestion[]>([]);
  const [message, setMessage] = useState('');

  const fetchSuggestions = () => {
    if (suggestions.length > 0) return;
    // Without the catalogue (offline, say) the box still takes any word.
    loadSuggestions().then(
      (m) => setSuggestions(m.SUGGESTIONS),
      () => undefined,
    );
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const resolve = await loadSuggestions().then(
      (m) => m.resolveAvoided,
      () => null,
    );
    const name = typed.trim();
    const item = resolve ? resolve(name) : name ? { kind: 'ingrediente' as const, name: name.slice(0, 80) } : null;
    if (!item) {
      setMessage('Escribe un ingrediente o aditivo.');
      return;
    }
    if (avoid.length >= MAX_AVOIDED) {
      setMessage(`Puedes evitar hasta ${MAX_AVOIDED} ingredientes o aditivos.`);
      return;
    }
    setMessage(addAvoided(item) ? `Evitarás ${item.name}.` : `Ya evitas ${item.name}.`);
    setTyped('');
  };

  return (
    <section aria-labelledby="para-ti-avoid" className="mt-8">
      <h2 id="para-ti-avoid" className="text-xl font-bold text-stone-900">
        Evitar un ingrediente o aditivo
      </h2>
      <form className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={(event) => void add(event)}>
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-stone-800">
            Ingrediente o aditivo
          </label>
          <input
            id={inputId}
            list={listId}
            value={typed}
            maxLength={80}
            autoComplete="off"
            placeholder="Ej.: glutamato monosódico, E621, azúcar"
            onFocus={fetchSuggestions}
            onPointerEnter={fetchSuggestions}
            onChange={(event) => setTyped(event.target.value)}
            className={`${inputClassName(false)} min-h-11`}
          />
          <datalist id={listId}>
            {suggestions.map((suggestion) => (
              <option key={suggestion.label} value={suggestion.label} />
            ))}
          </datalist>
        </div>
        <Button type="submit" variant="secondary">
          <Plus aria-hidden="true" className="size-5" />
          Evitar
        </Button>
      </form>
      <p role="status" className="mt-2 min-h-5 text-sm text-stone-700">
        {message}
      </p>
      {avoid.length > 0 ? (
        <ul aria-label="Lo que evitas" className="mt-2 flex flex-wrap gap-2">
          {avoid.map((item) => (
            <li key={avoidedKey(item)}>
              <button
                type="button"
                onClick={() => {
                  removeAvoided(item);
                  setMessage(`Ya no evitas ${item.name}.`);
                }}
                className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-stone-100 px-3 text-sm font-medium text-stone-900 ring-1 ring-stone-300 hover:bg-stone-200"
              >
                {item.kind === 'aditivo' ? `${item.name} (${item.code})` : item.name}
                <X aria-hidden="true" className="size-4" />
                <span className="sr-only">: dejar de evitar</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
};
