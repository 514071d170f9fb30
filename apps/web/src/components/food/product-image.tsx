import { NO_IMAGE_TEXT } from '@etiqueta/contracts';
import { useState } from 'react';

type ProductImageProps = {
  /** An already normalised http(s) URL (the domain's normalizeImages), or null. */
  src: string | null;
  alt: string;
  className?: string;
  loading?: 'eager' | 'lazy';
};

/**
 * A product photo that falls back to 'Sin imagen' when there is none or when it fails to load (Open Food Facts
 * images are remote and may be gone or blocked).
 */
export const ProductImage = ({ src, alt, className = '', loading = 'eager' }: ProductImageProps) => {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src !== null && src !== failedSrc;
  return (
    <div className={`grid place-items-center overflow-hidden bg-stone-50 ${className}`}>
      {usable ? (
        <img
          src={src}
          alt={alt}
          loading={loading}
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailedSrc(src)}
          className="size-full object-contain"
        />
      ) : (
        <span className="text-center text-sm font-medium text-stone-500">{NO_IMAGE_TEXT}</span>
      )}
    </div>
  );
};
