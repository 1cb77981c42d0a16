import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissToast, subscribeToasts, TOAST_DURATION_MS, type Toast } from './toast-store.ts';

/**
 * The root notification area of product §2, on every page: Radix Toast with product §9's constants
 * (one at a time from the store, 5000 ms, swipe right past 50 px, Escape, F8 focuses the
 * region, a close button; the destructive variant for errors).
 */
export function Toaster() {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => subscribeToasts(setToasts), []);

  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label={t('toast.label')}
    >
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={item.variant}
          className={`toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-10 shadow-2xl ${
            item.variant === 'destructive'
              ? 'border-red-400/40 bg-red-950 text-white'
              : 'border-line bg-surface-2 text-white'
          }`}
        >
          <div className="min-w-0 flex-1">
            {item.title && (
              <ToastPrimitive.Title className="font-semibold">{item.title}</ToastPrimitive.Title>
            )}
            {item.description && (
              <ToastPrimitive.Description className="mt-0.5 text-sm text-white/85">
                {item.description}
              </ToastPrimitive.Description>
            )}
          </div>
          {item.action && (
            <ToastPrimitive.Action
              altText={item.action.label}
              onClick={item.action.onClick}
              className="self-center rounded-lg border border-white/25 px-3 py-1.5 text-sm font-semibold"
            >
              {item.action.label}
            </ToastPrimitive.Action>
          )}
          <ToastPrimitive.Close
            aria-label={t('toast.close')}
            className="absolute top-2 right-2 grid size-8 place-items-center rounded-lg text-white/80 hover:bg-white/10"
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Above the bottom bar on phones, bottom right on wide screens: never over a page's back
          link or title (toasts at the top covered both). On top of what floats there too (the
          "You won" card, ui/floating-dock.ts), which a toast used to cover. */}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        label={t('toast.region')}
        className="fixed inset-x-0 bottom-[calc(4.5rem+env(safe-area-inset-bottom)+var(--floating-dock,0px))] z-[100] mx-auto flex w-full max-w-md flex-col gap-2 p-3 outline-none lg:right-4 lg:bottom-[calc(1rem+var(--floating-dock,0px))] lg:left-auto lg:mx-0"
      />
    </ToastPrimitive.Provider>
  );
}
