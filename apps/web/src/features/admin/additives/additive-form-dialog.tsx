import type { Additive } from '@etiqueta/contracts';
import { RISK_LEVELS } from '@etiqueta/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import { FormActions } from '@/components/ui/form-actions';
import { Field } from '@/components/ui/form-field';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { toast } from '@/lib/toast-store';

import { useCreateAdditive, useUpdateAdditive } from './api/write-additive';
import {
  additiveFormSchema,
  additiveToForm,
  type AdditiveFormInput,
  type AdditiveFormOutput,
  emptyAdditiveForm,
  formToAdditiveWrite,
  parseAlternativeNames,
} from './additive-form';
import { errorMessage } from '@/lib/error-message';

type AdditiveFormDialogProps = {
  open: boolean;
  /** The additive being edited, or null to create one. */
  additive: Additive | null;
  onOpenChange: (open: boolean) => void;
  /** Called after a successful save (the panel then follows the re-scoring). */
  onSaved: () => void;
};

/** Spec §2 create/edit dialog; spec §4: it resets on close, cancel or success. */
export const AdditiveFormDialog = ({ open, additive, onOpenChange, onSaved }: AdditiveFormDialogProps) => {
  const editing = additive !== null;
  const form = useForm<AdditiveFormInput, unknown, AdditiveFormOutput>({
    resolver: zodResolver(additiveFormSchema),
    defaultValues: emptyAdditiveForm(),
  });
  const { handleSubmit, reset, control } = form;

  // Every opening starts from the additive (or a blank form); closing throws the edits away.
  useEffect(() => {
    if (open) reset(additive ? additiveToForm(additive) : emptyAdditiveForm());
  }, [open, additive, reset]);

  const close = () => {
    reset(emptyAdditiveForm());
    onOpenChange(false);
  };
  const succeed = (title: string) => {
    toast({ title });
    close();
    onSaved();
  };
  const create = useCreateAdditive({ onSuccess: () => succeed('Aditivo creado exitosamente') });
  const update = useUpdateAdditive({ onSuccess: () => succeed('Aditivo actualizado exitosamente') });
  const pending = create.isPending || update.isPending;

  const onSubmit = handleSubmit((values) => {
    const data = formToAdditiveWrite(values);
    if (additive) {
      update.mutate(
        { id: additive.id, data },
        {
          onError: (error) =>
            toast({
              title: 'Error al actualizar aditivo',
              description: errorMessage(error),
              variant: 'destructive',
            }),
        },
      );
    } else {
      create.mutate(data, {
        onError: (error) =>
          toast({
            title: 'Error al crear aditivo',
            description: errorMessage(error),
            variant: 'destructive',
          }),
      });
    }
  });

  const names = parseAlternativeNames(useWatch({ control, name: 'alternativeNames' }) ?? '');

  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={editing ? 'Editar aditivo' : 'Nuevo aditivo'}
      description={
        editing
          ? `Cambia los datos de ${additive.name}. Los puntajes se recalculan al guardar.`
          : 'Agrega un aditivo al catálogo. Los puntajes se recalculan al guardar.'
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4 sm:grid-cols-2">
        <Field
          form={form}
          name="name"
          id="additive-name"
          label="Nombre *"
          className="sm:col-span-2"
          type="text"
          autoComplete="off"
        />
        <Field
          form={form}
          name="code"
          id="additive-code"
          label="Código (número E)"
          hint="Por ejemplo E330 o E150d. Opcional."
          type="text"
          autoComplete="off"
        />
        <Field form={form} name="riskLevel" id="additive-risk" label="Nivel de riesgo *" as="select">
          {RISK_LEVELS.map((risk) => (
            <option key={risk} value={risk}>
              {risk}
            </option>
          ))}
        </Field>
        <Field
          form={form}
          name="category"
          id="additive-category"
          label="Categoría"
          className="sm:col-span-2"
          type="text"
          autoComplete="off"
          placeholder="Colorante, conservante, edulcorante…"
        />
        <Field
          form={form}
          name="alternativeNames"
          id="additive-alternative-names"
          label="Nombres alternativos"
          hint={
            names.length > 0
              ? `Separados por comas. Se guardarán ${names.length === 1 ? '1 nombre' : `${names.length} nombres`}: ${names.join(' · ')}`
              : 'Separados por comas, por ejemplo: ácido cítrico, citrato'
          }
          className="sm:col-span-2"
          as="textarea"
          rows={2}
        />
        <Field
          form={form}
          name="description"
          id="additive-description"
          label="Descripción"
          className="sm:col-span-2"
          as="textarea"
          rows={3}
        />
        <FormActions
          onCancel={close}
          pending={pending}
          submitLabel={editing ? 'Guardar cambios' : 'Crear aditivo'}
          pendingLabel="Guardando…"
          className="sm:col-span-2"
        />
      </form>
    </ModalDialog>
  );
};
