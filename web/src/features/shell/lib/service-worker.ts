/// <reference types="vite-plugin-pwa/client" />

/**
 * Registers the Workbox service worker (vite-plugin-pwa) once the app has painted. When a new
 * version has been deployed and is waiting, `onUpdate` is told, with the function that
 * activates it and reloads the page; the fan decides when (an "update available" toast).
 */
export async function registerServiceWorker(onUpdate: (apply: () => Promise<void>) => void): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const { registerSW } = await import('virtual:pwa-register');
  const updateSW = registerSW({
    onNeedRefresh: () => onUpdate(() => updateSW(true)),
  });
}
