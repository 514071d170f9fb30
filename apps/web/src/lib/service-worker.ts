import { createPageValue } from './page-value';

/*
 * The service worker (generated at build time by vite-plugin-pwa, apps/web/pwa.config.ts; ADR 018), registered by
 * the page itself once it has loaded, so it never competes with the first screen for the network. A new version
 * waits until the shopper chooses "Actualizar": it then takes over and the page reloads on it.
 */

/** Calls the waiting worker in, or null while there is no new version. */
type ApplyUpdate = () => void;

const applyUpdate = createPageValue<ApplyUpdate | null>(null);

/** How often an open app asks whether a new version was deployed (a browser asks on each navigation too). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let registered = false;

/** Registers /sw.js in a production build in a browser that has service workers; elsewhere does nothing. */
export const registerServiceWorker = async (): Promise<void> => {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registered = true;
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    applyUpdate.set(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  const registration = await workbox.register();
  if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
};

/** Starts registration after the page's load event (at once if it already happened). */
export const registerServiceWorkerAfterLoad = () => {
  const start = () => void registerServiceWorker().catch(() => undefined);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
};

/** The "Actualizar" action when a new version waits, else null. */
export const useServiceWorkerUpdate = (): ApplyUpdate | null => applyUpdate.use();
