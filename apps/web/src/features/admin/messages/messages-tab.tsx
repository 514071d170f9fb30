import type { AdminContactMessage, AdminErrorReport } from '@etiqueta/contracts';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { CheckCircle2, Circle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonStack } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast-store';

import { useErrorReports } from './api/get-error-reports';
import { useMessages } from './api/get-messages';
import { useSetErrorReportHandled } from './api/update-error-report';
import { useSetMessageHandled } from './api/update-message';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format';
import { AdminEmpty, AdminSection } from '../shared/admin-section';

/** The report types of the product page's error form, in words. */
const ERROR_TYPE_LABELS: Record<string, string> = {
  'puntaje-incorrecto': 'Puntaje incorrecto',
  'aditivos-incorrectos': 'Aditivos incorrectos',
  'informacion-nutricional': 'Información nutricional',
  'imagen-incorrecta': 'Imagen incorrecta',
  'producto-incorrecto': 'Producto incorrecto',
  alergenos: 'Alérgenos',
  otros: 'Otros',
};

/** Pending first, then newest first. */
const byPendingThenNewest = <T extends { handledAt: string | null; createdAt: string }>(a: T, b: T) =>
  Number(a.handledAt !== null) - Number(b.handledAt !== null) || b.createdAt.localeCompare(a.createdAt);

type HandledButtonProps = {
  handled: boolean;
  what: string;
  pending: boolean;
  onToggle: (handled: boolean) => void;
};

const HandledState = ({ handled, what, pending, onToggle }: HandledButtonProps) => (
  <div className="flex flex-wrap items-center gap-3">
    {handled ? (
      <span className="inline-flex items-center gap-1 text-sm font-medium text-green-800">
        <CheckCircle2 aria-hidden="true" className="size-4" /> Atendido
      </span>
    ) : (
      <span className="inline-flex items-center gap-1 text-sm font-medium text-amber-800">
        <Circle aria-hidden="true" className="size-4" /> Pendiente
      </span>
    )}
    <Button
      variant="secondary"
      size="sm"
      disabled={pending}
      aria-label={handled ? `Marcar como pendiente: ${what}` : `Marcar como atendido: ${what}`}
      onClick={() => onToggle(!handled)}
    >
      {handled ? 'Marcar como pendiente' : 'Marcar como atendido'}
    </Button>
  </div>
);

const onHandledError = (err: unknown) =>
  toast({ title: 'Error al actualizar el estado', description: errorMessage(err), variant: 'destructive' });

type Handled = { id: number; handledAt: string | null; createdAt: string };

type HandledListProps<T extends Handled> = {
  query: UseQueryResult<T[]>;
  setHandled: UseMutationResult<unknown, Error, { id: number; handled: boolean }>;
  /** What the list holds, in the plural: "Error cargando {noun}", "No hay {noun} pendientes." */
  noun: string;
  showHandled: boolean;
  /** What the toggle marks, for its label. */
  what: (item: T) => string;
  /** The item's own lines, above its state. */
  children: (item: T) => ReactNode;
};

/** A list of things to attend to, pending first, each with its state and the button that changes it. */
const HandledList = <T extends Handled>({
  query,
  setHandled,
  noun,
  showHandled,
  what,
  children,
}: HandledListProps<T>) => (
  <QueryView
    query={query}
    errorText={`Error cargando ${noun}`}
    skeleton={<SkeletonStack count={3} height="h-20" gap="space-y-2" />}
  >
    {(items) => {
      const shown = items.filter((item) => showHandled || item.handledAt === null).sort(byPendingThenNewest);
      if (shown.length === 0) return <AdminEmpty>{`No hay ${noun} pendientes.`}</AdminEmpty>;
      return (
        <ul className="space-y-3">
          {shown.map((item) => (
            <li key={item.id} className="space-y-2 rounded-xl p-4 ring-1 ring-stone-200">
              {children(item)}
              <HandledState
                handled={item.handledAt !== null}
                what={what(item)}
                pending={setHandled.isPending}
                onToggle={(handled) => setHandled.mutate({ id: item.id, handled }, { onError: onHandledError })}
              />
            </li>
          ))}
        </ul>
      );
    }}
  </QueryView>
);

const ContactMessages = ({ showHandled }: { showHandled: boolean }) => (
  <HandledList
    query={useMessages()}
    setHandled={useSetMessageHandled()}
    noun="mensajes"
    showHandled={showHandled}
    what={(message: AdminContactMessage) => `mensaje de ${message.email}`}
  >
    {(message) => (
      <>
        <p className="text-sm text-stone-600">
          <span className="font-semibold text-stone-900">{`${message.firstName} ${message.lastName}`}</span> ·{' '}
          <a className="text-brand-800 underline" href={`mailto:${message.email}`}>
            {message.email}
          </a>{' '}
          · {formatDateTime(message.createdAt)}
        </p>
        <p className="whitespace-pre-line text-stone-900">{message.message}</p>
      </>
    )}
  </HandledList>
);

const ErrorReports = ({ showHandled }: { showHandled: boolean }) => (
  <HandledList
    query={useErrorReports()}
    setHandled={useSetErrorReportHandled()}
    noun="reportes"
    showHandled={showHandled}
    what={(report: AdminErrorReport) => `reporte sobre ${report.productName || 'un producto'}`}
  >
    {(report) => (
      <>
        <p className="text-sm text-stone-600">
          <span className="font-semibold text-stone-900">
            {ERROR_TYPE_LABELS[report.errorType] ?? report.errorType}
          </span>{' '}
          ·{' '}
          {report.productId !== null ? (
            <Link className="text-brand-800 underline" to={`/product/${report.productId}`}>
              {report.productName || `Producto ${report.productId}`}
            </Link>
          ) : (
            report.productName || 'Sin producto'
          )}{' '}
          · {report.userEmail ?? 'anónimo'} · {formatDateTime(report.createdAt)}
        </p>
        {report.description ? (
          <p className="whitespace-pre-line text-stone-900">{report.description}</p>
        ) : null}
      </>
    )}
  </HandledList>
);

/** Beyond the spec, to run the beta: what visitors wrote and what shoppers reported. */
export const MessagesTab = () => {
  const [showHandled, setShowHandled] = useState(false);
  return (
    <div className="space-y-8">
      <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
        <input
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={showHandled}
          onChange={(e) => setShowHandled(e.target.checked)}
        />
        Mostrar también los atendidos
      </label>
      <AdminSection title="Mensajes de contacto">
        <ContactMessages showHandled={showHandled} />
      </AdminSection>
      <AdminSection title="Reportes de error">
        <ErrorReports showHandled={showHandled} />
      </AdminSection>
    </div>
  );
};
