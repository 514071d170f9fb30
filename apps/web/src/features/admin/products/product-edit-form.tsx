import type { EditableProductField, Product } from '@etiqueta/contracts';
import { formatScore, NUTRISCORE_CATEGORIES, scoreLabel } from '@etiqueta/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { FormActions } from '@/components/ui/form-actions';
import { Field } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast-store';

import { useUpdateProduct } from './api/update-product';
import { LockNote } from './lock-note';
import {
  buildProductPatch,
  NOVA_OVERRIDE_OPTIONS,
  NUTRIENT_FIELDS,
  NUTRISCORE_CATEGORY_LABELS,
  type NumberFieldSpec,
  PERCENTAGE_FIELDS,
  productFormSchemaFor,
  type ProductFormInput,
  type ProductFormOutput,
  productToForm,
} from './product-form';

type EditFormProps = { product: Product; onDone: () => void };

/** The empty choice: our estimate, with its group when the product shows ours now. */
const estimateLabel = (product: Product) =>
  product.novaOverride === null
    ? `Nuestra estimación (${product.novaGroup === null ? 'sin estimar' : `NOVA ${product.novaGroup}`})`
    : 'Nuestra estimación';

/**
 * The product edit form: every field of the PATCH, each marked when the sync is kept from it, with spec §5's
 * validation; on save the server rescores and the admin is told the new score.
 */
export const ProductEditForm = ({ product, onDone }: EditFormProps) => {
  const [initial] = useState(() => productToForm(product));
  const [schema] = useState(() => productFormSchemaFor(initial));
  const form = useForm<ProductFormInput, unknown, ProductFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: initial,
  });
  const { register, handleSubmit, getValues } = form;
  const [unlock, setUnlock] = useState<EditableProductField[]>([]);
  const locked = new Set(product.lockedFields);
  const toggleUnlock = (field: EditableProductField) =>
    setUnlock((current) =>
      current.includes(field) ? current.filter((f) => f !== field) : [...current, field],
    );
  const lockNote = (field: EditableProductField) => (
    <LockNote
      field={field}
      locked={locked.has(field)}
      unlocking={unlock.includes(field)}
      onToggle={toggleUnlock}
    />
  );
  /** What each field of the form takes from its column: the form, the name, the id and the lock beside the label. */
  const column = (name: EditableProductField, id = `product-${name}`) => ({
    form,
    name,
    id,
    labelAside: lockNote(name),
  });

  const update = useUpdateProduct({
    onSuccess: (updated) => {
      toast({
        title: 'Producto actualizado exitosamente - Score recalculado',
        description: `${updated.name}: ${formatScore(updated.healthScore)} · ${scoreLabel(updated.healthScore)}`,
      });
      onDone();
    },
  });

  const onSubmit = handleSubmit((parsed) => {
    const patch = buildProductPatch(initial, getValues(), parsed, unlock);
    update.mutate(
      { id: product.id, data: patch },
      {
        onError: (error) =>
          toast({
            title: 'Error al actualizar producto',
            description: errorMessage(error),
            variant: 'destructive',
          }),
      },
    );
  });

  const numberInput = (spec: NumberFieldSpec) => (
    <Field
      key={spec.name}
      {...column(spec.name)}
      label={
        <>
          {spec.label} <span className="font-normal text-stone-600">({spec.unit})</span>
        </>
      }
      type="number"
      inputMode="decimal"
      min={spec.min}
      max={spec.unit === '%' ? spec.max : undefined}
      step={spec.step}
    />
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-6">
      <p className="rounded-xl bg-stone-50 p-3 text-sm text-stone-700">
        Puntaje actual: <strong>{formatScore(product.healthScore)}</strong> ({scoreLabel(product.healthScore)}
        ). Al guardar, el servidor lo recalcula. Los campos que cambies quedan bloqueados para que la
        sincronización no los sobrescriba.
      </p>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-stone-900">Datos del producto</legend>
        <Field {...column('name')} label="Nombre *" type="text" />
        <Field {...column('brand')} label="Marca" type="text" />
        <Field
          {...column('ingredients')}
          label="Ingredientes (separados por comas)"
          className="sm:col-span-2"
          as="textarea"
          rows={4}
        />
        <Field
          {...column('nutriscoreCategory', 'product-nutriscore-category')}
          label="Categoría Nutri-Score"
          as="select"
        >
          {NUTRISCORE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {NUTRISCORE_CATEGORY_LABELS[category]}
            </option>
          ))}
        </Field>
        <Field
          {...column('novaOverride', 'product-nova-override')}
          label="Grupo NOVA"
          hint="Elige un grupo solo si lo leíste en el envase; si no, queda nuestra estimación a partir de los ingredientes."
          as="select"
        >
          <option value="">{estimateLabel(product)}</option>
          {NOVA_OVERRIDE_OPTIONS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Field>
        <div className="flex flex-col justify-end gap-1">
          {lockNote('organic')}
          <label
            htmlFor="product-organic"
            className="flex min-h-11 items-center gap-3 text-sm font-medium text-stone-800"
          >
            <input
              id="product-organic"
              type="checkbox"
              className="size-5 accent-brand-700"
              {...register('organic')}
            />
            Orgánico
          </label>
        </div>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-stone-900">
          Contenido de frutas, verduras, legumbres y frutos secos
        </legend>
        {PERCENTAGE_FIELDS.map(numberInput)}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-stone-900">
          Información nutricional por 100 g
        </legend>
        {NUTRIENT_FIELDS.map(numberInput)}
      </fieldset>

      <p className="text-xs text-stone-600">Un número vacío queda como desconocido.</p>

      <FormActions
        onCancel={onDone}
        pending={update.isPending}
        submitLabel="Guardar y recalcular"
        pendingLabel="Guardando…"
      />
    </form>
  );
};
