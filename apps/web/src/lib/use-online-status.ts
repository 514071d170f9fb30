import { useEffect, useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** A navigator that cannot say (an embedded browser, a test double) counts as online. */
const readOnline = () => {
  try {
    return navigator.onLine !== false;
  } catch {
    return true;
  }
};

/** Whether the browser believes it has a network (it can be wrong the other way: online, and nothing answers). */
export const useOnlineStatus = (): boolean => useSyncExternalStore(subscribe, readOnline, () => true);

/**
 * Something that failed is tried again when the connection comes back. The query library only does so when it saw
 * the connection go (a page opened offline never did), so the page listens itself.
 */
export const useRetryWhenOnline = (failed: boolean, retry: () => unknown) => {
  useEffect(() => {
    if (!failed) return;
    const onOnline = () => void retry();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [failed, retry]);
};
