/** Chrome on Android's install event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const DISMISSED_KEY = 'paddock.install-dismissed';

export const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

export const dismissed = () => {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

let captured: BeforeInstallPromptEvent | null = null;

/**
 * Boot listens for Chrome's install offer at once: the install offer (install-app.tsx) mounts only
 * once the first screen is shown (decision 021), and a returning visitor's Chrome may offer before
 * then. Kept for it exactly as it would have taken it (the same conditions, the default mini-infobar
 * prevented only when the app offers its own).
 */
export function captureInstallPrompt() {
  if (isStandalone() || dismissed()) return;
  const onPrompt = (event: Event) => {
    event.preventDefault();
    captured = event as BeforeInstallPromptEvent;
  };
  window.addEventListener('beforeinstallprompt', onPrompt);
  window.addEventListener('appinstalled', () => {
    captured = null;
  });
}

/** The offer Chrome made before the install offer mounted, once. */
export function takeCapturedInstallPrompt(): BeforeInstallPromptEvent | null {
  const event = captured;
  captured = null;
  return event;
}
