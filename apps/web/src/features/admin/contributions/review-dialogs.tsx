/** The admin's two answers to a pending contribution: approve (with corrections) or reject (with a reason). */
import { type AdminContribution, contributionApproval } from '@etiqueta/contracts';
import { Check } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';

import { CONTRIBUTION_NUTRIENTS } from '@/components/food/contribution-nutrients';
import { Alert } from '@/components/ui/alert';
import { FormActions } from '@/components/ui/form-actions';
import { FormField, fieldDescriptionIds, inputClassName } from '@/components/ui/form-field';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast-store';

import { useApproveContribution, useRejectContribution } from './api/review-contribution';
import { PhotoStrip } from './photo-strip';

type DialogProps = { contribution: AdminContribution; open: boolean; onOpenChange: (open: boolean) => void };

/** The sent values, editable; the admin reads the photos and corrects or completes before publishing. */
export const ApproveDialog = ({ contribution: c, open, onOpenChange }: DialogProps) => {
  const approve = useApproveContribution();
  const prefix = useId();
  const initial = () => ({
    name: c.name ?? '',
    brand: c.brand ?? '',
    ingredients: c.ingredients ?? '',
    ...Object.fromEntries(CONTRIBUTION_NUTRIENTS.map(({ field }) => [field, c[field] === null ? '' : String(c[field])])),
  });
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [problem, setProblem] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(values)) {
      const text = value.trim();
      if (text === '') continue;
      body[key] = CONTRIBUTION_NUTRIENTS.some((n) => n.field === key) ? Number(text.replace(',', '.')) : text;
    }
    const parsed = contributionApproval.safeParse(body);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    if (!parsed.data.name && !c.current) {
      setProblem('Escribe el nombre del producto (míralo en la foto del frente).');
      return;
    }
    approve.mutate(
      { id: c.id, corrections: parsed.data },
      {
        onSuccess: () => {
          toast({ title: 'Contribución aprobada', description: 'El producto ya está en el catálogo.' });
          onOpenChange(false);
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  const field = (name: string) => ({
    id: `${prefix}-${name}`,
    value: values[name] ?? '',
    onChange: (event: { target: { value: string } }) => {
      setProblem(undefined);
      setValues((v) => ({ ...v, [name]: event.target.value }));
    },
  });

  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setValues(initial());
          setProblem(undefined);
        }
        onOpenChange(next);
      }}
      title="Aprobar contribución"
      description={`Código ${c.barcode}. Revisa los datos con las fotos: lo que quede escrito se publica y el puntaje se recalcula. La sincronización lo respeta hasta que Open Food Facts tenga un valor para ese dato.`}
      size="lg"
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <PhotoStrip contribution={c} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${prefix}-name`} label={c.current ? 'Nombre' : 'Nombre (obligatorio)'}>
            <input type="text" aria-required={c.current ? undefined : true} className={inputClassName()} {...field('name')} />
          </FormField>
          <FormField id={`${prefix}-brand`} label="Marca">
            <input type="text" className={inputClassName()} {...field('brand')} />
          </FormField>
        </div>
        <FormField id={`${prefix}-ingredients`} label="Ingredientes">
          <textarea rows={4} className={inputClassName()} {...field('ingredients')} />
        </FormField>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {CONTRIBUTION_NUTRIENTS.map(({ field: name, label, unit }) => (
            <FormField key={name} id={`${prefix}-${name}`} label={`${label} (${unit})`}>
              <input type="text" inputMode="decimal" className={`${inputClassName()} tabular-nums`} {...field(name)} />
            </FormField>
          ))}
        </div>
        {problem ? (
          <Alert compact className="font-medium">
            {problem}
          </Alert>
        ) : null}
        <FormActions
          onCancel={() => onOpenChange(false)}
          pending={approve.isPending}
          submitLabel="Aprobar y publicar"
          pendingLabel="Publicando…"
          icon={<Check aria-hidden="true" className="size-4" />}
        />
      </form>
    </ModalDialog>
  );
};

export const RejectDialog = ({ contribution: c, open, onOpenChange }: DialogProps) => {
  const reject = useRejectContribution();
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setProblem('Escribe el motivo: queda registrado con la contribución.');
      return;
    }
    reject.mutate(
      { id: c.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Contribución rechazada' });
          onOpenChange(false);
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setReason('');
          setProblem(undefined);
        }
        onOpenChange(next);
      }}
      title="Rechazar contribución"
      description={`Código ${c.barcode}. El producto no se publica.`}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <FormField id={id} label="Motivo" error={problem} hint="Por ejemplo: la foto no muestra el producto.">
          <textarea
            id={id}
            rows={3}
            maxLength={500}
            aria-required="true"
            aria-invalid={problem ? true : undefined}
            aria-describedby={fieldDescriptionIds(id, problem, true)}
            className={inputClassName(!!problem)}
            value={reason}
            onChange={(event) => {
              setProblem(undefined);
              setReason(event.target.value);
            }}
          />
        </FormField>
        <FormActions
          onCancel={() => onOpenChange(false)}
          pending={reject.isPending}
          submitLabel="Rechazar"
          pendingLabel="Rechazando…"
          submitVariant="danger"
        />
      </form>
    </ModalDialog>
  );
};
