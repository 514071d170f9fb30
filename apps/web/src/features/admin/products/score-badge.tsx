import { adminScoreBadgeColour, formatScore, scoreLabel } from '@etiqueta/domain';

const colourClass = {
  green: 'bg-green-100 text-green-900 ring-green-700/30',
  orange: 'bg-orange-100 text-orange-900 ring-orange-700/30',
  red: 'bg-red-100 text-red-900 ring-red-700/30',
} as const;

/** Spec §4 admin badge: green ≥ 7, orange 4 to < 7, red below 4 or absent; the label says it in words too. */
export const ScoreBadge = ({ score }: { score: number | null }) => {
  const colour = adminScoreBadgeColour(score);
  return (
    <span
      data-testid="admin-score"
      data-colour={colour}
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ring-1 ring-inset ${colourClass[colour]}`}
    >
      {formatScore(score)}
      {score === null ? null : <span className="font-normal">· {scoreLabel(score)}</span>}
    </span>
  );
};
