import type { Seal } from '@etiqueta/domain';

type SealOctagonProps = {
  label: Seal['label'];
  className?: string;
};

/** The regular octagon of the Chilean seal, as a clip path (a square with its corners cut at 29.3 %). */
const OCTAGON = 'polygon(29.3% 0, 70.7% 0, 100% 29.3%, 100% 70.7%, 70.7% 100%, 29.3% 100%, 0 70.7%, 0 29.3%)';

/**
 * A Chilean 'ALTO EN' warning seal (Ley 20.606): a black octagon with a white rim, white capitals and
 * 'Ministerio de Salud' underneath, as printed on packs. The words are real text, so they are read out and
 * can be zoomed; the shape is only decoration.
 */
export const SealOctagon = ({ label, className = 'size-24' }: SealOctagonProps) => {
  const nutrient = label.replace(/^ALTO EN\s+/, '');
  return (
    <span
      className={`@container inline-grid shrink-0 place-items-center bg-white p-[3px] ${className}`}
      style={{ clipPath: OCTAGON }}
      data-testid="seal-octagon"
    >
      <span
        className="grid size-full place-items-center bg-black p-[6cqw] text-center leading-none text-white"
        style={{ clipPath: OCTAGON }}
      >
        {/* Sizes in container units: the words keep their proportions at any seal size (72 px on phones). */}
        <span className="flex flex-col items-center gap-[4cqw]">
          <span className="text-[13cqw] font-black tracking-wide whitespace-nowrap">ALTO EN</span>
          <span className={`font-black ${nutrient.length > 10 ? 'text-[9cqw]' : 'text-[11.5cqw]'}`}>
            {nutrient}
          </span>
          <span className="text-[7.5cqw] font-semibold">Ministerio de Salud</span>
        </span>
      </span>
    </span>
  );
};
