import type { AdminContribution, ContributionListFilter } from '@etiqueta/contracts';
import { Check, ExternalLink, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonStack } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';

import { useContributions } from './api/get-contributions';
import { useOffWriteStatus } from './api/get-off-write';
import { PhotoStrip } from './photo-strip';
import { OffSendingLine, TrustActions, TrustLine } from './publication-status';
import { ApproveDialog, RejectDialog } from './review-dialogs';
import { ReviewTable } from './review-table';

const STATUSES: { value: ContributionListFilter; label: string; empty: string }[] = [
  { value: 'pending', label: 'Pendientes', empty: 'No hay contribuciones pendientes. Cuando alguien agregue un producto, aparecerá aquí.' },
  { value: 'trusted', label: 'Por confianza', empty: 'Nadie ha publicado todavía sin revisión.' },
  { value: 'approved', label: 'Aprobadas', empty: 'Todavía no se ha aprobado ninguna contribución.' },
  { value: 'rejected', label: 'Rechazadas', empty: 'No hay contribuciones rechazadas.' },
];

/**
 * Issues 14 and 24's "Contribuciones": what shoppers sent for codes we lacked or to complete a product we have,
 * with their photos, side by side with what the catalogue has and what the label reader read. An admin approves
 * (correcting from the photos; the product is added or completed and rescored) or rejects with a reason.
 */
export const ContributionsTab = () => {
  const [status, setStatus] = useState<ContributionListFilter>('pending');
  const contributions = useContributions(status);
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
      <QueryView
        query={contributions}
        errorText="No pudimos cargar las contribuciones"
        skeleton={<SkeletonStack count={2} height="h-48" gap="space-y-3" label="Cargando contribuciones" />}
      >
        {(data) =>
          data.length === 0 ? (
            <p className="rounded-xl bg-stone-50 p-6 text-center text-stone-700">{current.empty}</p>
          ) : (
            <ul className="space-y-4">
              {data.map((contribution) => (
                <li key={contribution.id}>
                  <ContributionCard contribution={contribution} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
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
