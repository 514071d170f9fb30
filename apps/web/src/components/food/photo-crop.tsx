import type { LabelBox } from '@etiqueta/contracts';
import { useState } from 'react';

/**
 * The part of a photo a value was read from, beside the value, so the shopper compares at a glance. The box is
 * in the pixels of the photo as sent, upright; the browser shows the file upright too (image-orientation).
 */
export const PhotoCrop = ({ src, box, label }: { src: string; box: LabelBox; label: string }) => {
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [x, y, w, h] = box;
  // Shown at most 16 rem wide and 3 rem high, whichever is reached first.
  const scale = natural ? Math.min(256 / w, 48 / h) : 0;
  return (
    <div
      className="relative overflow-hidden rounded-md bg-stone-100 ring-1 ring-stone-200"
      style={{ width: natural ? w * scale : 128, height: natural ? h * scale : 24 }}
    >
      <img
        src={src}
        alt={label}
        onLoad={(event) => setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
        className="absolute max-w-none"
        style={
          natural
            ? { width: natural.width * scale, height: natural.height * scale, left: -x * scale, top: -y * scale }
            : { opacity: 0 }
        }
      />
    </div>
  );
};
