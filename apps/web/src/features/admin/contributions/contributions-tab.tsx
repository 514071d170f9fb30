import {
  type AdminContribution,
  type ContributionListFilter,
  type OffSending,
  contributionApproval,
} from '@etiqueta/contracts';
import { Check, Eye, ExternalLink, RotateCcw, Undo2, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';

import { PhotoCrop } from '@/components/food/photo-crop';
import { Button, buttonClassName } from '@/components/ui/button';
import { FormField, fieldDescriptionIds, inputClassName } from '@/components/ui/form-field';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast-store';

import { useContributions } from './api/get-contributions';
import { useOffWriteStatus } from './api/get-off-write';
import { useApproveContribution, useRejectContribution, useRetryOffSending, useRevertContribution, useSeenContribution } from './api/review-contribution';
import { CONTRIBUTION_NUTRIENTS } from '@/components/food/contribution-nutrients';
import { formatDateTime } from '@/lib/format';
import { Alert } from '@/components/ui/alert';


const STATUSES: { value: ContributionListFilter; label: string; empty: string }[] = [
  { value: 'pending', label: 'Pendientes', empty: 'No hay contribuciones pendientes. Cuando alguien agregue un producto, aparecerá aquí.' },
  { value: 'trusted', label: 'Por confianza', empty: 'Nadie ha publicado todavía sin revisión.' },
  { value: 'approved', label: 'Aprobadas', empty: 'Todavía no se ha aprobado ninguna contribución.' },
  { value: 'rejected', label: 'Rechazadas', empty: 'No hay contribuciones rechazadas.' },
];

const PHOTO_LABELS = { front: 'Frente', ingredients: 'Ingredientes', nutrition: 'Tabla nutricional' } as const;


const number = (value: number) => value.toLocaleString('es-CL', { maximumFractionDigits: 2 });

/**
 * Issues 14 and 24's "Contribuciones": what shoppers sent for codes we lacked or to complete a product we have,
 * with their photos, side by side with what the catalogue has and what the label reader read. An admin approves
 * (correcting from the photos; the product is added or completed and rescored) or rejects with a reason.
 */
export const ContributionsTab = () => {
  const [status, setStatus] = useState<ContributionListFilter>('pending');
  const { data, isPending, isError, error } = useContributions(status);
  const offWrite = useOffWriteStatus();
  const current = STATUSES.find((s) => s.value === status)!;

  return (
    <section aria-labelledby="contribuciones-title" className="space-y-4">
      <h2 id="contribuciones-title" className="sr-only">
        Contribuciones
      </h2>
      <div role="group" aria-label="Estado" className="flex flex-wrap gap-2">
        {STATUSES.map(({ value, label }) => (
          <Button key={value} size="sm" variant={value === status ? 'primary' : 'secondary'} aria-pressed={value === status} onClick={() => setStatus(value)}>
            {label}
          </Button>
        ))}
      </div>
      {offWrite.data && !offWrite.data.enabled ? (
        <Alert tone="warning">
          {offWrite.data.message}
        </Alert>
      ) : null}
      {isError ? (
        <Alert>
          No pudimos cargar las contribuciones: {errorMessage(error)}
        </Alert>
      ) : isPending ? (
        <div className="space-y-3" aria-busy="true" aria-label="Cargando contribuciones">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-48 w-full" />
          ))}
        </div>
      ) : data.length === 0 ? (
        <p className="rounded-xl bg-stone-50 p-6 text-center text-stone-700">{current.empty}</p>
      ) : (
        <ul className="space-y-4">
          {data.map((contribution) => (
            <li key={contribution.id}>
              <ContributionCard contribution={contribution} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};

const ContributionCard = ({ contribution: c }: { contribution: AdminContribution }) => {
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const title = c.name || c.current?.name || 'Producto sin nombre';
  return (
    <article aria-label={`${title}, código ${c.barcode}`} className="space-y-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-lg font-bold break-words text-stone-900">{title}</h3>
          <p className="text-sm text-stone-700">
            {c.brand ? `${c.brand} · ` : ''}Código <span className="font-mono tabular-nums">{c.barcode}</span>
          </p>
        </div>
        <p className="text-sm text-stone-600">
          {formatDateTime(c.createdAt)}
          {c.contributorEmail ? ` · ${c.contributorEmail}` : ''}
        </p>
      </header>
      {c.trust ? <TrustLine contribution={c} /> : null}
      <PhotoStrip contribution={c} />
      {c.current ? (
        <p className="text-sm text-stone-700">
          Completa un producto del catálogo:{' '}
          <Link to={`/product/${c.current.productId}`} className="font-medium text-brand-700 underline">
            {c.current.name}
          </Link>
          .
        </p>
      ) : null}
      <ReviewTable contribution={c} />
      {c.status === 'pending' ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDialog('approve')} aria-label={`Aprobar ${title}`}>
            <Check aria-hidden="true" className="size-4" />
            Aprobar
          </Button>
          <Button variant="secondary" onClick={() => setDialog('reject')} aria-label={`Rechazar ${title}`}>
            <X aria-hidden="true" className="size-4" />
            Rechazar
          </Button>
        </div>
      ) : c.status === 'approved' && c.productId ? (
        <div className="space-y-2">
          {c.offSending ? <OffSendingLine id={c.id} sending={c.offSending} /> : null}
          <div className="flex flex-wrap gap-2">
            <Link to={`/product/${c.productId}`} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
              <ExternalLink aria-hidden="true" className="size-4" />
              Ver producto
            </Link>
            {c.trust && !c.trust.revertedAt ? <TrustActions contribution={c} title={title} /> : null}
          </div>
        </div>
      ) : c.rejectReason ? (
        <div className="space-y-2">
          <p className="text-sm text-stone-800">
            <span className="font-semibold">Motivo del rechazo:</span> {c.rejectReason}
          </p>
          {c.offSending ? <OffSendingLine id={c.id} sending={c.offSending} /> : null}
        </div>
      ) : null}
      <ApproveDialog contribution={c} open={dialog === 'approve'} onOpenChange={(open) => setDialog(open ? 'approve' : null)} />
      <RejectDialog contribution={c} open={dialog === 'reject'} onOpenChange={(open) => setDialog(open ? 'reject' : null)} />
    </article>
  );
};

/** The photos, each opening full size in a new tab (to read the small print). */
const PhotoStrip = ({ contribution: c }: { contribution: AdminContribution }) => (
  <ul aria-label="Fotos" className="flex flex-wrap gap-3">
    {c.photos.map((photo) => (
      <li key={photo.url}>
        <a href={photo.url} target="_blank" rel="noreferrer" className="block rounded-lg focus-visible:ring-2 focus-visible:ring-brand-600">
          <img
            src={photo.url}
            alt={`Foto: ${PHOTO_LABELS[photo.kind]}`}
            width={photo.width}
            height={photo.height}
            loading="lazy"
            className="h-32 w-auto max-w-[9rem] rounded-lg border border-stone-200 object-cover"
          />
          <span aria-hidden="true" className="mt-1 block text-xs text-stone-700">{PHOTO_LABELS[photo.kind]}</span>
        </a>
      </li>
    ))}
  </ul>
);

type Row = { field: 'ingredients' | (typeof CONTRIBUTION_NUTRIENTS)[number]['field']; label: string; unit: string | null };
const ROWS: Row[] = [{ field: 'ingredients', label: 'Ingredientes', unit: null }, ...CONTRIBUTION_NUTRIENTS];

/**
 * Field by field, side by side: what the catalogue has now, what the label reader read (its text, its mark, the
 * part of the photo it came from) and what the shopper sent after checking. Only the fields sent or read.
 */
const ReviewTable = ({ contribution: c }: { contribution: AdminContribution }) => {
  const rows = ROWS.filter(({ field }) => c[field] !== null || c.readings[field]);
  if (rows.length === 0 && c.isLiquid === null) {
    return <p className="text-sm text-stone-600">Solo envió fotos: lee los datos en ellas al aprobar.</p>;
  }
  // A trusted publication changed the product already: what it held before is what to compare with (and what a
  // revert brings back); a field it did not change is as it is now.
  const before = c.trust ? { ...c.current, ...c.trust.before } : c.current;
  const show = (value: string | number | null | undefined, unit: string | null) =>
    value === null || value === undefined || value === '' ? '—' : typeof value === 'number' ? `${number(value)} ${unit ?? ''}`.trim() : value;
  const photoOf = (field: Row['field']) => c.photos.find((p) => p.kind === (field === 'ingredients' ? 'ingredients' : 'nutrition'));
  return (
    // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
    <div className="overflow-x-auto rounded-lg focus-visible:ring-2 focus-visible:ring-brand-600" tabIndex={0} role="region" aria-label="Comparación de datos">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Lo que hay, lo que se leyó y lo que se envió</caption>
        <thead>
          <tr className="border-b border-stone-200 text-stone-700">
            <th scope="col" className="py-1 pr-3 font-semibold">Dato</th>
            <th scope="col" className="py-1 pr-3 font-semibold">{c.trust ? 'Antes' : 'Ahora'}</th>
            <th scope="col" className="py-1 pr-3 font-semibold">Leído en la foto</th>
            <th scope="col" className="py-1 font-semibold">Enviado</th>
          </tr>
        </thead>
        <tbody>
          {c.isLiquid !== null ? (
            <tr className="border-b border-stone-100 align-top">
              <th scope="row" className="py-1 pr-3 font-medium text-stone-800">Columna</th>
              <td className="py-1 pr-3">{before ? (before.isLiquid ? '100 ml' : '100 g') : '—'}</td>
              <td className="py-1 pr-3">—</td>
              <td className="py-1 font-medium">{c.isLiquid ? '100 ml' : '100 g'}</td>
            </tr>
          ) : null}
          {rows.map(({ field, label, unit }) => {
            const read = c.readings[field];
            const photo = photoOf(field);
            const changed = read && field !== 'ingredients' && read.value !== c[field];
            return (
              <tr key={field} className="border-b border-stone-100 align-top">
                <th scope="row" className="py-1 pr-3 font-medium text-stone-800">{label}</th>
                <td className="py-1 pr-3 tabular-nums">{show(before?.[field], unit)}</td>
                <td className="space-y-1 py-1 pr-3">
                  {read ? (
                    <>
                      {read.text ? <p className="max-w-xs break-words font-mono text-xs text-stone-700">{read.text}</p> : null}
                      {read.check ? (
                        <p className="text-xs font-medium text-amber-800">Marcado para revisar</p>
                      ) : null}
                      {read.box && photo ? <PhotoCrop src={photo.url} box={read.box} label={`${label} en la foto`} /> : null}
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="py-1 font-medium tabular-nums text-stone-900">
                  <span className="break-words">{show(c[field], unit)}</span>
                  {changed ? <span className="block text-xs font-normal text-stone-600">Corregido por quien lo envió</span> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
};

type DialogProps = { contribution: AdminContribution; open: boolean; onOpenChange: (open: boolean) => void };

/** The sent values, editable; the admin reads the photos and corrects or completes before publishing. */
const ApproveDialog = ({ contribution: c, open, onOpenChange }: DialogProps) => {
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
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button type="submit" disabled={approve.isPending}>
            <Check aria-hidden="true" className="size-4" />
            {approve.isPending ? 'Publicando…' : 'Aprobar y publicar'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
};

const RejectDialog = ({ contribution: c, open, onOpenChange }: DialogProps) => {
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
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button type="submit" variant="danger" disabled={reject.isPending}>
            {reject.isPending ? 'Rechazando…' : 'Rechazar'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
};

/**
 * Where an approved contribution stands with Open Food Facts: the words say it, the colour only repeats them. A
 * sending in error can be tried again now ("Reintentar envío").
 */
const OffSendingLine = ({ id, sending }: { id: number; sending: OffSending }) => {
  const retry = useRetryOffSending();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p
        className={`text-sm ${sending.state === 'sent' ? 'text-emerald-800' : sending.state === 'failed' ? 'text-red-800' : 'text-stone-800'}`}
        data-off-state={sending.state}
      >
        <span className="font-semibold">Open Food Facts:</span> {sending.label}
      </p>
      {sending.retryable ? (
        <Button
          size="sm"
          variant="secondary"
          disabled={retry.isPending}
          onClick={() =>
            retry.mutate(id, {
              onSuccess: () => toast({ title: 'Envío en cola de nuevo' }),
              onError: (error) => toast({ title: 'No se pudo reintentar', description: errorMessage(error), variant: 'destructive' }),
            })
          }
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          {retry.isPending ? 'Reintentando…' : 'Reintentar envío'}
        </Button>
      ) : null}
    </div>
  );
};

/** A trusted member's publication: nobody reviewed it before it went out. */
const TrustLine = ({ contribution: c }: { contribution: AdminContribution }) => {
  const trust = c.trust!;
  return (
    <p className="rounded-lg bg-sky-50 p-3 text-sm text-stone-900 ring-1 ring-sky-200" data-testid="trust-line">
      <span className="font-semibold">Publicada sin revisión</span> (quien la envió es de confianza).{' '}
      {trust.revertedAt
        ? `Revertida el ${formatDateTime(trust.revertedAt)}.`
        : trust.seenAt
          ? `Vista el ${formatDateTime(trust.seenAt)}.`
          : 'Revísala: si algo no cuadra, reviértela.'}
    </p>
  );
};

/** "Visto" (it stands; it may go to Open Food Facts) and "Revertir" (the product back as it was), one click each. */
const TrustActions = ({ contribution: c, title }: { contribution: AdminContribution; title: string }) => {
  const seen = useSeenContribution();
  const revert = useRevertContribution();
  const [problem, setProblem] = useState<string>();
  const busy = seen.isPending || revert.isPending;
  return (
    <>
      {!c.trust?.seenAt ? (
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          aria-label={`Visto: ${title}`}
          onClick={() => {
            setProblem(undefined);
            seen.mutate(c.id, { onSuccess: () => toast({ title: 'Marcada como vista' }), onError: (error) => setProblem(errorMessage(error)) });
          }}
        >
          <Eye aria-hidden="true" className="size-4" />
          Visto
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="danger"
        disabled={busy}
        aria-label={`Revertir ${title}`}
        onClick={() => {
          setProblem(undefined);
          revert.mutate(c.id, {
            onSuccess: (answer) => toast({ title: 'Contribución revertida', description: answer.message }),
            onError: (error) => setProblem(errorMessage(error)),
          });
        }}
      >
        <Undo2 aria-hidden="true" className="size-4" />
        {revert.isPending ? 'Revirtiendo…' : 'Revertir'}
      </Button>
      {problem ? (
        <Alert compact className="w-full font-medium">
          {problem}
        </Alert>
      ) : null}
    </>
  );
};
