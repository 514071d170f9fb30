import { Share2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';

import { Button } from '@/components/ui/button';

export const LINK_COPIED_TEXT = 'Enlace copiado';
export const COPY_FAILED_TEXT = 'No pudimos copiar el enlace. Cópialo desde aquí:';

type ShareLinkButtonProps = {
  /** The address to share, absolute. */
  url: string;
  title: string;
  text: string;
  testId: string;
};

type ShareState = 'idle' | 'copied' | 'failed';

const copy = async (url: string): Promise<ShareState> => {
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
};

/**
 * 'Compartir': the phone's own share sheet where the browser has one (navigator.share), else the link copied
 * with a visible and announced 'Enlace copiado'. When the clipboard refuses too, the link is shown, selected,
 * to copy by hand. Closing the share sheet without sharing is not an error and says nothing.
 */
export const ShareLinkButton = ({ url, title, text, testId }: ShareLinkButtonProps) => {
  const [state, setState] = useState<ShareState>('idle');
  const inputId = useId();

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = window.setTimeout(() => setState('idle'), 4000);
    return () => window.clearTimeout(timer);
  }, [state]);

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // The share sheet failed (not allowed here, nothing to share to): copying still works.
      }
    }
    setState(await copy(url));
  };

  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant="secondary" onClick={() => void share()} data-testid={testId}>
        <Share2 aria-hidden="true" className="size-5" />
        Compartir
      </Button>
      <p role="status" className="min-h-5 text-sm font-semibold text-brand-800">
        {state === 'copied' ? LINK_COPIED_TEXT : ''}
      </p>
      {state === 'failed' ? (
        <div className="w-full max-w-md">
          <label htmlFor={inputId} className="text-sm text-stone-700">
            {COPY_FAILED_TEXT}
          </label>
          <input
            id={inputId}
            readOnly
            value={url}
            autoFocus
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 min-h-11 w-full rounded-lg bg-white px-2 text-sm text-stone-900 ring-1 ring-stone-300"
          />
        </div>
      ) : null}
    </div>
  );
};
