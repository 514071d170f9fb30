import { formatScore, scoreBand } from '@etiqueta/domain';

import { scoreDotClass } from './score-colours';

type ScoreDotProps = {
  score: number | null;
  className?: string;
};

/** The coloured dot alone; decorative, because the score and its label are always printed beside it. */
export const ScoreDot = ({ score, className = 'size-3' }: ScoreDotProps) => (
  <span
    aria-hidden="true"
    className={`inline-block shrink-0 rounded-full ring-1 ring-black/10 ${scoreDotClass[scoreBand(score).colour]} ${className}`}
  />
);

type ScoreBadgeProps = {
  /** The 0–10 health score, or null when the product has none ('Sin puntaje'). */
  score: number | null;
  /** 'sm' for product cards, 'lg' for the product page header. */
  size?: 'sm' | 'lg';
  className?: string;
};

/**
 * Score dot + "6,2/10" + band word ("Mediocre"), or the dot + 'Sin puntaje' (spec §2, §9). Props only: listing
 * cards and the product page both use it, so the band, colour and number format come from the domain.
 */
export const ScoreBadge = ({ score, size = 'sm', className = '' }: ScoreBadgeProps) => {
  const band = scoreBand(score);
  const large = size === 'lg';
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full bg-white/95 font-semibold text-stone-900 ring-1 ring-stone-200 ${
        large ? 'px-3 py-1.5 text-base' : 'px-2 py-0.5 text-xs'
      } ${className}`}
      data-testid="score-badge"
      data-band={band.band}
    >
      <ScoreDot score={score} className={large ? 'size-4' : 'size-2.5'} />
      {score === null ? (
        <span>{band.label}</span>
      ) : (
        <>
          <span className="tabular-nums">{formatScore(score)}</span>
          <span className={large ? 'font-medium text-stone-700' : 'font-medium text-stone-600'}>
            {band.label}
          </span>
        </>
      )}
    </span>
  );
};
