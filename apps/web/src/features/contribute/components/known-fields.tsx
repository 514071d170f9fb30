import type { ReadableField } from '@etiqueta/contracts';
import { Pencil, Undo2 } from 'lucide-react';

import { CONTRIBUTION_NUTRIENTS } from '@/components/food/contribution-nutrients';
import { Button } from '@/components/ui/button';
import { FormField, inputClassName } from '@/components/ui/form-field';

import type { ContributionInput } from '../api/send-contribution';
import type { FieldName, KnownProduct } from '../known-product';
import type { CropOf, FieldBinding } from './form-binding';

const FIELD_LABELS: Record<FieldName, string> = {
  name: 'Nombre del producto',
  brand: 'Marca',
  ingredients: 'Ingredientes',
  ...(Object.fromEntries(CONTRIBUTION_NUTRIENTS.map(({ field, label, unit }) => [field, `${label} (${unit})`])) as Record<
    (typeof CONTRIBUTION_NUTRIENTS)[number]['field'],
    string
  >),
};

/**
 * "Lo que ya sabemos", completing a product of the catalogue: each value it has, shown, with "Corregir" to
 * propose another (and "Dejar como estaba" to take it back); a value the label reader read otherwise comes
 * proposed already.
 */
export const KnownFields = ({
  known,
  haveParts,
  editing,
  proposed,
  per,
  knownPer,
  bind,
  onCorrect,
  onKeep,
  crop,
}: {
  known: KnownProduct;
  /** The parts of the pack the catalogue has already, named. */
  haveParts: string[];
  editing: ReadonlySet<FieldName>;
  proposed: ReadonlySet<FieldName>;
  /** The column the photo of the table says, and the one the catalogue has. */
  per: ContributionInput['per'];
  knownPer: ContributionInput['per'];
  bind: FieldBinding;
  onCorrect: (name: FieldName) => void;
  onKeep: (name: FieldName) => void;
  crop: CropOf;
}) => (
    <section aria-labelledby="lo-que-sabemos" className="space-y-3 rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200">
      <h2 id="lo-que-sabemos" className="text-lg font-bold text-stone-900">
        Lo que ya sabemos
      </h2>
      <p className="text-sm text-stone-700">
        {haveParts.length > 0 ? `Ya tenemos ${haveParts.join(' y ')}. ` : ''}Si algo no coincide con el envase, corrígelo: lo
        revisamos antes de cambiarlo.
      </p>
      <ul className="divide-y divide-stone-200">
        {(Object.keys(FIELD_LABELS) as FieldName[])
          .filter((field) => known.values[field] !== undefined)
          .map((field) => (
            <li key={field} className="space-y-2 py-2">
              {editing.has(field) ? (
                <>
                  <FormField id={`corregir-${field}`} label={FIELD_LABELS[field]}>
                    {field === 'ingredients' ? (
                      <textarea id={`corregir-${field}`} rows={4} maxLength={10_000} className={inputClassName()} {...bind(field)} />
                    ) : (
                      <input
                        id={`corregir-${field}`}
                        type="text"
                        inputMode={field === 'name' || field === 'brand' ? 'text' : 'decimal'}
                        autoComplete="off"
                        maxLength={field === 'name' ? 300 : field === 'brand' ? 200 : 10}
                        className={inputClassName()}
                        {...bind(field)}
                      />
                    )}
                  </FormField>
                  <p className="text-sm text-stone-700">
                    {proposed.has(field) ? 'Tu foto dice otra cosa: proponemos este cambio. ' : ''}
                    Teníamos: <span className="font-medium">{known.values[field]}</span>. Lo revisamos antes de cambiarlo.
                  </p>
                  <Button variant="ghost" size="sm" onClick={() => onKeep(field)} aria-label={`Dejar como estaba: ${FIELD_LABELS[field]}`}>
                    <Undo2 aria-hidden="true" className="size-4" />
                    Dejar como estaba
                  </Button>
                  {crop(field as ReadableField, FIELD_LABELS[field])}
                </>
              ) : (
                <div className="flex items-start justify-between gap-3">
                  <p className="min-w-0 text-stone-900">
                    <span className="block text-sm text-stone-600">{FIELD_LABELS[field]}</span>
                    <span className={field === 'ingredients' ? 'block text-sm' : 'font-medium tabular-nums'}>{known.values[field]}</span>
                  </p>
                  <Button variant="secondary" size="sm" onClick={() => onCorrect(field)} aria-label={`Corregir ${FIELD_LABELS[field]}`}>
                    <Pencil aria-hidden="true" className="size-4" />
                    Corregir
                  </Button>
                </div>
              )}
            </li>
          ))}
      </ul>
      {per && knownPer && per !== knownPer ? (
        <p className="text-sm font-medium text-amber-800">
          Tu foto dice «por {per === '100 mL' ? '100 ml' : '100 g'}»; teníamos «por {knownPer === '100 mL' ? '100 ml' : '100 g'}». Lo revisamos antes de cambiarlo.
        </p>
      ) : null}
    </section>
);
