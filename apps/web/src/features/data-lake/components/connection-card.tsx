import { CircleCheck, CircleHelp, CircleX, Plug } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast-store';

import { useTestConnection } from '../api/test-connection';
import { errorMessage } from '@/lib/error-message';
import { StatusCard } from './status-card';

/** Spec §4: the connection test is not tested, connected or disconnected. */
export type ConnectionState = 'not-tested' | 'connected' | 'disconnected';

const STATE_VIEW = {
  'not-tested': { label: 'Sin probar', Icon: CircleHelp, className: 'bg-stone-100 text-stone-800' },
  connected: { label: 'Conectado', Icon: CircleCheck, className: 'bg-green-100 text-green-900' },
  disconnected: { label: 'Desconectado', Icon: CircleX, className: 'bg-red-100 text-red-900' },
} as const;

export const ConnectionCard = () => {
  const [state, setState] = useState<ConnectionState>('not-tested');
  const [detail, setDetail] = useState<string | null>(null);
  const test = useTestConnection();
  const view = STATE_VIEW[state];

  const onTest = () =>
    test.mutate(undefined, {
      onSuccess: (result) => {
        setState(result.connected ? 'connected' : 'disconnected');
        setDetail(result.message);
        toast(
          result.connected
            ? { title: 'Conexión Exitosa', description: result.message }
            : { title: 'Conexión Fallida', description: result.message, variant: 'destructive' },
        );
      },
      onError: (error) => {
        setState('disconnected');
        setDetail(errorMessage(error));
        toast({ title: 'Error de Conexión', description: errorMessage(error), variant: 'destructive' });
      },
    });

  return (
    <StatusCard
      title="Estado de conexión"
      headingId="connection-heading"
      icon={<Plug aria-hidden="true" className="size-5 text-brand-700" />}
    >
      <p className="flex items-center gap-2" role="status" aria-live="polite">
        <span
          className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ${view.className}`}
        >
          <view.Icon aria-hidden="true" className="size-4" />
          {view.label}
        </span>
      </p>
      {detail ? <p className="mt-2 text-sm text-stone-700">{detail}</p> : null}
      <Button variant="secondary" className="mt-4" onClick={onTest} disabled={test.isPending}>
        {test.isPending ? 'Probando…' : 'Probar conexión'}
      </Button>
    </StatusCard>
  );
};
