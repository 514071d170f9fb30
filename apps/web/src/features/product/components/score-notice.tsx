import type { Product } from '@etiqueta/contracts';
import {
  DUBIOUS_DATA_PREFIX,
  missingScoreInputs,
  PARTIAL_SCORE_TEXT,
  SCORE_NOTE_RULES,
  type ScoreInputId,
} from '@etiqueta/domain';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

type ScoreNoticeProps = {
  product: Product;
  /** The way to complete or correct the data (the route's 'Reportar un error'), shown inside the notice. */
  reportAction?: ReactNode;
};

/** Reasons that move no points: what the score does not know (docs/scoring.md, rules 2 and 3). */
export const isScoreNote = (reason: Product['reasons'][number]) =>
  reason.rule === SCORE_NOTE_RULES.partial || reason.rule === SCORE_NOTE_RULES.dubious;

const INPUT_NAMES: Record<ScoreInputId, string> = {
  energy: 'calorías',
  totalFat: 'grasas totales',
  saturatedFat: 'grasas saturadas',
  sugars: 'azúcares',
  protein: 'proteínas',
  sodium: 'sodio',
};

/** "a, b y c". */
const listEs = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;

/** What the page cannot say and why: the label's numbers contradict each other, or data is missing. */
export const scoreNoticeKind = (product: Product): 'dubious' | 'missing' | 'partial' | null => {
  if (product.reasons.some((r) => r.rule === SCORE_NOTE_RULES.dubious)) return 'dubious';
  if (product.healthScore === null) return 'missing';
  if (product.reasons.some((r) => r.rule === SCORE_NOTE_RULES.partial)) return 'partial';
  return null;
};

/**
 * Beyond the spec: says, next to the score, when it is partial (no ingredient list), missing (values the score
 * needs are not on record) or withheld because the label's numbers contradict each other; what we still show;
 * and offers the way to complete it. An icon and words, never colour alone.
 */
export const ScoreNotice = ({ product, reportAction }: ScoreNoticeProps) => {
  const kind = scoreNoticeKind(product);
  if (kind === null) return null;
  const dubious = product.reasons.filter((r) => r.rule === SCORE_NOTE_RULES.dubious);
  const missing = missingScoreInputs({ ...product, energyKj100: null }).map((id) => INPUT_NAMES[id]);
  if (product.ingredients === null || product.ingredients.trim() === '')
    missing.push('lista de ingredientes');

  let title: string;
  let body: string;
  switch (kind) {
    case 'dubious':
      title = 'Datos dudosos';
      body = `Los valores nutricionales de este producto se contradicen (${dubious
        .map((r) => r.text.slice(DUBIOUS_DATA_PREFIX.length))
        .join(
          '; ',
        )}), así que no los usamos para el puntaje ni los sellos. Si tienes el envase a mano, ayúdanos a corregirlos.`;
      break;
    case 'missing':
      title = 'Sin puntaje: faltan datos';
      body = `No tenemos ${listEs(missing)} de este producto. Te mostramos lo que sabemos: aditivos, procesamiento (NOVA) y los sellos que sus valores permiten calcular. Si tienes el envase, ayúdanos a completarlo.`;
      break;
    case 'partial':
      title = PARTIAL_SCORE_TEXT;
      body =
        'Sin la lista no sabemos si tiene aditivos, así que el puntaje no da crédito por procesamiento y no pasa de Mediocre. Si tienes el envase, envíanos la lista.';
      break;
  }
  return (
    <div
      className="flex gap-3 rounded-xl bg-amber-50 p-3 text-stone-900 ring-1 ring-amber-300"
      data-testid="score-notice"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-sm">{body}</p>
        {reportAction ? <div className="mt-2">{reportAction}</div> : null}
      </div>
    </div>
  );
};
