import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../ui/toast-store.ts';
import {
  type BeforeInstallPromptEvent,
  DISMISSED_KEY,
  dismissed,
  isStandalone,
  takeCapturedInstallPrompt,
} from '../lib/install-prompt.ts';
import { registerServiceWorker } from '../lib/service-worker.ts';

/** iPhone and iPad Safari have no install prompt: the fan adds the app from the Share sheet. */
const isIosSafari = () => {
  const ua = navigator.userAgent;
  const ios = /iPad|iPhone|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
};

/**
 * The installable app's visible parts: the service worker's "update available" toast, the
 * install offer on Android (`beforeinstallprompt`) and the add-to-home-screen hint on iOS.
 * Loaded after the first paint; a fan who says "Not now" is not asked again on this device.
 */
export function InstallApp() {
  const { t } = useTranslation('shell');
  const [prompt, setPrompt] = useState<BeforeInstallPromptEvent | null>(null);
  const [iosHint, setIosHint] = useState(false);

  useEffect(() => {
    void registerServiceWorker((apply) => {
      toast({
        title: t('install.updateTitle'),
        description: t('install.updateBody'),
        action: { label: t('install.updateAction'), onClick: () => void apply() },
      });
    }).catch((error) => console.warn('[paddock] service worker not registered', error));

    if (isStandalone() || dismissed()) return;
    // Chrome may have offered before this mounted (boot kept it, lib/install-prompt.ts).
    const early = takeCapturedInstallPrompt();
    if (early) setPrompt(early);
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPrompt(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setPrompt(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    if (isIosSafari()) setIosHint(true);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, [t]);

  const close = () => {
    setPrompt(null);
    setIosHint(false);
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode: asked again next time.
    }
  };

  if (!prompt && !iosHint) return null;
  return (
    <aside
      aria-label={t('install.label')}
      data-testid="install-app"
      className="fixed inset-x-3 bottom-20 z-40 rounded-lg border border-white/10 bg-neutral-900 p-3 text-sm text-white shadow-lg"
    >
      <p className="font-semibold">{t('install.title')}</p>
      <p className="mt-1 text-neutral-300">{prompt ? t('install.body') : t('install.iosHint')}</p>
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" className="rounded px-3 py-1.5 text-neutral-200" onClick={close}>
          {prompt ? t('install.notNow') : t('install.gotIt')}
        </button>
        {prompt && (
          <button
            type="button"
            className="rounded bg-white px-3 py-1.5 font-semibold text-neutral-900"
            onClick={async () => {
              await prompt.prompt();
              await prompt.userChoice.catch(() => undefined);
              setPrompt(null);
            }}
          >
            {t('install.install')}
          </button>
        )}
      </div>
    </aside>
  );
}
