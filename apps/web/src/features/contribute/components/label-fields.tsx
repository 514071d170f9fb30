import type { ContributionReadings, ReadableField } from '@etiqueta/contracts';
import { TriangleAlert } from 'lucide-react';

import { CONTRIBUTION_NUTRIENTS } from '@/components/food/contribution-nutrients';
import { FormField, inputClassName } from '@/components/ui/form-field';

import type { ContributionInput } from '../api/send-contribution';
import type { FieldName } from '../known-product';
import type { CropOf, FieldBinding } from './form-binding';

/**
 * "Lo que dice la etiqueta" ("Lo que falta" when completing): the fields the catalogue lacks, filled from the
 * photos by the label reader, each beside the part of the photo it came from and marked when the reader doubts.
 */
export const LabelFields = ({
  known,
  askNameAndBrand,
  has,
  ids,
  bind,
  crop,
  toCheck,
  readings,
  per,
}: {
  /** Completing a product of the catalogue. */
  known: boolean;
  askNameAndBrand: boolean;
  /** Whether the catalogue has this field already (then it is not asked here). */
  has: (field: FieldName) => boolean;
  ids: { name: string; brand: string; ingredients: string; nutrients: string };
  bind: FieldBinding;
  crop: CropOf;
  /** The fields the reader asks the shopper to check, and what it read. */
  toCheck: ReadonlySet<ReadableField>;
  readings: ContributionReadings;
  /** The table's column, as the photo or the catalogue says; null when neither does yet. */
  per: ContributionInput['per'];
}) => {
  const askedNutrients = CONTRIBUTION_NUTRIENTS.filter(({ field }) => !has(field));
  return (
    <fieldset className="space-y-4">
      <legend className="mb-1 text-lg font-bold text-stone-900">{known ? 'Lo que falta' : 'Lo que dice la etiqueta'}</legend>
      <p className="text-sm text-stone-600">
        Lo leemos de tus fotos. Revisa lo marcado y corrige lo que no coincida con el envase.
      </p>
      {askNameAndBrand ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {has('name') ? null : (
            <FormField id={ids.name} label="Nombre del producto">
              <input id={ids.name} type="text" maxLength={300} autoComplete="off" className={inputClassName()} {...bind('name')} />
            </FormField>
          )}
          {has('brand') ? null : (
            <FormField id={ids.brand} label="Marca">
              <input id={ids.brand} type="text" maxLength={200} autoComplete="off" className={inputClassName()} {...bind('brand')} />
            </FormField>
          )}
        </div>
      ) : null}
      {has('ingredients') ? null : (
        <>
          <FormField id={ids.ingredients} label="Ingredientes" hint="Cópialos tal como aparecen, separados por comas.">
            <textarea
              id={ids.ingredients}
              rows={4}
              maxLength={10_000}
              className={inputClassName()}
              {...bind('ingredients')}
              aria-describedby={`${ids.ingredients}-hint`}
            />
          </FormField>
          {crop('ingredients', 'ingredientes')}
        </>
      )}
      {askedNutrients.length === 0 ? null : (
        <fieldset>
          <legend id={ids.nutrients} className="mb-2 font-semibold text-stone-900">
            {per === '100 mL' ? 'Por 100 ml' : per === '100 g' ? 'Por 100 g' : 'Por 100 g o 100 ml'}
          </legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {askedNutrients.map(({ field, label, unit }) => (
              <div key={field} className="space-y-1">
                <FormField id={`${ids.nutrients}-${field}`} label={`${label} (${unit})`}>
                  <input
                    id={`${ids.nutrients}-${field}`}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    maxLength={10}
                    className={`${inputClassName()} tabular-nums ${toCheck.has(field) ? 'border-amber-600 ring-2 ring-amber-400' : ''}`}
                    {...bind(field)}
                  />
                </FormField>
                {toCheck.has(field) ? <CheckNote id={`${ids.nutrients}-${field}-check`} reading={readings[field]} /> : null}
                {crop(field, label)}
              </div>
            ))}
          </div>
        </fieldset>
      )}
    </fieldset>
  );
};

/** Why a value is marked: the reader could not read it, or it does not fit the rest of the table. */
const CheckNote = ({ id, reading }: { id: string; reading: ContributionReadings[ReadableField] }) => (
  <p id={id} className="flex items-start gap-1 text-sm font-medium text-amber-800">
    <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
    {reading?.value === null || reading?.value === undefined
      ? 'No lo pudimos leer: escríbelo mirando la etiqueta, o déjalo vacío si no aparece.'
      : 'Revísalo: no cuadra con el resto de la tabla.'}
  </p>
);
