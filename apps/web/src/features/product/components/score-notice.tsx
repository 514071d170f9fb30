import type { Product } from '@etiqueta/contracts';
import { DUBIOUS_DATA_PREFIX, PARTIAL_SCORE_TEXT, SCORE_NOTE_RULES } from '@etiqueta/domain';
import { CircleAlert } from 'lucide-react';

type ScoreNoticeProps = {
  product: Pick<Product, 'reasons'>;
};

/** Reasons that move no points: what the score does not know (docs/scoring.md, rules 2 and 3). */
export const isScoreNote = (reason: Product['reasons'][number]) =>
  reason.rule === SCORE_NOTE_RULES.partial || reason.rule === SCORE_NOTE_RULES.dubious;

/**
 * Beyond the spec: says, next to the score, when it is partial (no ingredient list) or missing because the
 * label's numbers contradict each other, and what the shopper can do about it. An icon and words, never colour
 * alone.
 */
export const ScoreNotice = ({ product }: ScoreNoticeProps) => {
  const dubious = product.reasons.filter((r) => r.rule === SCORE_NOTE_RULES.dubious);
  const partial = product.reasons.some((r) => r.rule === SCORE_NOTE_RULES.partial);
  if (dubious.length === 0 && !partial) return null;
  return (
    <div
      className="flex gap-3 rounded-xl bg-amber-50 p-3 text-stone-900 ring-1 ring-amber-300"
      data-testid="score-notice"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      {dubious.length > 0 ? (
        <div>
          <p className="font-semibold">Datos dudosos</p>
          <p className="mt-1 text-sm">
            Los valores nutricionales de este producto se contradicen (
            {dubious.map((r) => r.text.slice(DUBIOUS_DATA_PREFIX.length)).join('; ')}), así que no los usamos para
            el puntaje ni los sellos. Si tienes el envase a mano, usa «Reportar un error» al final de la
            página para corregirlos.
          </p>
        </div>
      ) : (
        <div>
          <p className="font-semibold">{PARTIAL_SCORE_TEXT}</p>
          <p className="mt-1 text-sm">
            Sin la lista no sabemos si tiene aditivos, así que el puntaje no da crédito por procesamiento y no
            pasa de Mediocre. Si tienes el envase, usa «Reportar un error» al final de la página para
            enviarnos la lista.
          </p>
        </div>
      )}
    </div>
  );
};
