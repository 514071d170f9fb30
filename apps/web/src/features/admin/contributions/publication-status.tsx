/**
 * What happened after a contribution was published: its sending to Open Food Facts, and for a trusted member's
 * publication (nobody reviewed it first) the line saying so and the admin's "Visto" / "Revertir".
 */
import type { AdminContribution, OffSending } from '@etiqueta/contracts';
import { Eye, RotateCcw, Undo2 } from 'lucide-react';
import { useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast-store';

import { useRetryOffSending, useRevertContribution, useSeenContribution } from './api/review-contribution';

/**
 * Where an approved contribution stands with Open Food Facts: the words say it, the colour only repeats them. A
 * sending in error can be tried again now ("Reintentar envío").
 */
export const OffSendingLine = ({ id, sending }: { id: number; sending: OffSending }) => {
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
export const TrustLine = ({ contribution: c }: { contribution: AdminContribution }) => {
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
export const TrustActions = ({ contribution: c, title }: { contribution: AdminContribution; title: string }) => {
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
