import type { EditableProductField, Product } from '@etiqueta/contracts';
import { formatScore, NUTRISCORE_CATEGORIES, scoreLabel } from '@etiqueta/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock, LockOpen, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { fieldDescriptionIds, FormField, inputClassName } from '@/components/ui/form-field';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast-store';

import { useProductForEdit } from './api/get-product-for-edit';
import { useUpdateProduct } from './api/update-product';
import { errorMessage } from '@/lib/error-message';
import {
  buildProductPatch,
  EDITABLE_FIELD_LABELS,
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
import { Alert } from '@/components/ui/alert';

type ProductEditDialogProps = {
  /** The product being edited, or null when the dialog is closed. */
  productId: number | null;
  onClose: () => void;
};

type LockNoteProps = {
  field: EditableProductField;
  locked: boolean;
  unlocking: boolean;
  onToggle: (field: EditableProductField) => void;
};

/** A field an admin edited is kept from the sync; this says so and lets the admin hand it back. */
const LockNote = ({ field, locked, unlocking, onToggle }: LockNoteProps) => {
  if (!locked) return null;
  const label = EDITABLE_FIELD_LABELS[field];
  return (
    <span className="flex flex-wrap items-center gap-2 text-xs">
      {unlocking ? (
        <span className="inline-flex items-center gap-1 text-amber-800">
          <LockOpen aria-hidden="true" className="size-3.5" />
          Se desbloqueará al guardar
        </span>
      ) : (
        <span className="inline-flex items-center gap-1 text-stone-700">
          <Lock aria-hidden="true" className="size-3.5" />
          Bloqueado para la sincronización
        </span>
      )}
      <button
        type="button"
        onClick={() => onToggle(field)}
        aria-label={unlocking ? `No desbloquear ${label}` : `Desbloquear ${label}`}
        className="inline-flex items-center gap-1 rounded font-semibold text-brand-800 underline underline-offset-2"
      >
        {unlocking ? <Undo2 aria-hidden="true" className="size-3.5" /> : null}
        {unlocking ? 'Deshacer' : 'Desbloquear'}
      </button>
    </span>
  );
};

type EditFormProps = { product: Product; onDone: () => void };

/** The empty choice: our estimate, with its group when the product shows ours now. */
const estimateLabel = (product: Product) =>
  product.novaOverride === null
    ? `Nuestra estimación (${product.novaGroup === null ? 'sin estimar' : `NOVA ${product.novaGroup}`})`
    : 'Nuestra estimación';

const ProductEditForm = ({ product, onDone }: EditFormProps) => {
  const [initial] = useState(() => productToForm(product));
  const [schema] = useState(() => productFormSchemaFor(initial));
  const { register, handleSubmit, getValues, formState } = useForm<
    ProductFormInput,
    unknown,
    ProductFormOutput
  >({
    resolver: zodResolver(schema),
    defaultValues: initial,
  });
  const { errors } = formState;
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

  const numberInput = (spec: NumberFieldSpec) => {
    const id = `product-${spec.name}`;
    const error = errors[spec.name]?.message;
    return (
      <FormField
        key={spec.name}
        id={id}
        label={
          <>
            {spec.label} <span className="font-normal text-stone-600">({spec.unit})</span>
          </>
        }
        labelAside={lockNote(spec.name)}
        error={error}
      >
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={spec.min}
          max={spec.unit === '%' ? spec.max : undefined}
          step={spec.step}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescriptionIds(id, error)}
          className={inputClassName(!!error)}
          {...register(spec.name)}
        />
      </FormField>
    );
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-6">
      <p className="rounded-xl bg-stone-50 p-3 text-sm text-stone-700">
        Puntaje actual: <strong>{formatScore(product.healthScore)}</strong> ({scoreLabel(product.healthScore)}
        ). Al guardar, el servidor lo recalcula. Los campos que cambies quedan bloqueados para que la
        sincronización no los sobrescriba.
      </p>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-stone-900">Datos del producto</legend>
        <FormField
          id="product-name"
          label="Nombre *"
          labelAside={lockNote('name')}
          error={errors.name?.message}
        >
          <input
            id="product-name"
            type="text"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={fieldDescriptionIds('product-name', errors.name?.message)}
            className={inputClassName(!!errors.name)}
            {...register('name')}
          />
        </FormField>
        <FormField
          id="product-brand"
          label="Marca"
          labelAside={lockNote('brand')}
          error={errors.brand?.message}
        >
          <input
            id="product-brand"
            type="text"
            className={inputClassName(!!errors.brand)}
            {...register('brand')}
          />
        </FormField>
        <FormField
          id="product-ingredients"
          label="Ingredientes (separados por comas)"
          labelAside={lockNote('ingredients')}
          error={errors.ingredients?.message}
          className="sm:col-span-2"
        >
          <textarea
            id="product-ingredients"
            rows={4}
            aria-invalid={errors.ingredients ? true : undefined}
            aria-describedby={fieldDescriptionIds('product-ingredients', errors.ingredients?.message)}
            className={inputClassName(!!errors.ingredients)}
            {...register('ingredients')}
          />
        </FormField>
        <FormField
          id="product-nutriscore-category"
          label="Categoría Nutri-Score"
          labelAside={lockNote('nutriscoreCategory')}
        >
          <select
            id="product-nutriscore-category"
            className={inputClassName()}
            {...register('nutriscoreCategory')}
          >
            {NUTRISCORE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {NUTRISCORE_CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id="product-nova-override"
          label="Grupo NOVA"
          labelAside={lockNote('novaOverride')}
          hint="Elige un grupo solo si lo leíste en el envase; si no, queda nuestra estimación a partir de los ingredientes."
        >
          <select
            id="product-nova-override"
            aria-describedby={fieldDescriptionIds('product-nova-override', undefined, true)}
            className={inputClassName()}
            {...register('novaOverride')}
          >
            <option value="">{estimateLabel(product)}</option>
            {NOVA_OVERRIDE_OPTIONS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </FormField>
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

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Guardando…' : 'Guardar y recalcular'}
        </Button>
      </div>
    </form>
  );
};

/** Mounted only while the dialog is open, so each opening reads the product again. */
const ProductEditBody = ({ productId, onClose }: { productId: number; onClose: () => void }) => {
  const { data: product, isError, error, isFetchedAfterMount } = useProductForEdit(productId);
  if (isError) {
    return (
      <Alert>
        Error cargando el producto: {errorMessage(error)}
      </Alert>
    );
  }
  if (!isFetchedAfterMount || !product) {
    return (
      <div className="space-y-4" aria-busy="true">
        <span className="sr-only">Cargando producto…</span>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-10 w-2/3" />
      </div>
    );
  }
  return (
    <>
      <p className="mb-4 text-base font-semibold text-stone-900">
        {product.name}
        {product.brand ? <span className="font-normal text-stone-700"> · {product.brand}</span> : null}
        <span className="block text-sm font-normal text-stone-600">Código de barras {product.barcode}</span>
      </p>
      {/* The form starts from what the server has now, never from an older cached copy. */}
      <ProductEditForm product={product} onDone={onClose} />
    </>
  );
};

/** Spec §2 product edit dialog with the PATCH's every field and spec §5's validation; it resets on close. */
export const ProductEditDialog = ({ productId, onClose }: ProductEditDialogProps) => (
  <ModalDialog
    open={productId !== null}
    onOpenChange={(open) => {
      if (!open) onClose();
    }}
    size="lg"
    title="Editar producto"
    description="Al guardar, el puntaje se recalcula."
  >
    {productId !== null ? <ProductEditBody productId={productId} onClose={onClose} /> : null}
  </ModalDialog>
);
