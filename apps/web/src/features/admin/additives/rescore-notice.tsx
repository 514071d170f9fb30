import { CheckCircle2, LoaderCircle } from 'lucide-react';

import { countOf } from '@/lib/format';

import { useRescoreStatus } from './api/get-rescore-status';

/**
 * After an additive change the server re-scores the catalogue in the background; this follows it
 * (polling GET /api/additives/rescore-status until `running` is false) and says how many products
 * got a new score.
 */
export const RescoreNotice = ({ active }: { active: boolean }) => {
  const { data } = useRescoreStatus({ enabled: active });
  if (!active || !data) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="rescore-notice"
      className={`flex items-start gap-3 rounded-xl p-3 text-sm ring-1 ring-inset ${
        data.running
          ? 'bg-amber-50 text-amber-950 ring-amber-200'
          : 'bg-green-50 text-green-950 ring-green-200'
      }`}
    >
      {data.running ? (
        <>
          <LoaderCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin" />
          <p>Recalculando puntajes… {countOf(data.processed, 'producto revisado', 'productos revisados')}.</p>
        </>
      ) : (
        <>
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            Puntajes recalculados: {countOf(data.changed, 'producto cambió', 'productos cambiaron')} de puntaje
            o de análisis ({countOf(data.processed, 'producto revisado', 'productos revisados')}).
          </p>
        </>
      )}
    </div>
  );
};
