import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../ui/toast-store.ts';

/** A claimed code, large and selectable, with a copy button (product §12.1). */
export function CopyCode({ code }: { code: string }) {
  const { t } = useTranslation('rewards');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2500);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      toast({ title: t('code.copied') });
    } catch {
      // No clipboard permission (some in-app browsers): the code stays selectable by hand.
      toast({ title: t('code.copyFailed'), variant: 'destructive' });
    }
  }

  return (
    <div className="flex items-center gap-2 rounded-xl border border-dashed border-accent/70 bg-black/30 p-2 pl-3">
      <span className="min-w-0 flex-1">
        <span className="block text-xs font-semibold tracking-wider text-muted uppercase">
          {t('code.label')}
        </span>
        <output
          className="block truncate font-mono text-lg font-bold tracking-wider select-all"
          data-testid="offer-code"
        >
          {code}
        </output>
      </span>
      <button
        type="button"
        onClick={copy}
        aria-label={t('code.copyLabel', { code })}
        className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg bg-surface-2 px-3 text-sm font-semibold hover:bg-line focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        {copied ? (
          <Check className="size-4 text-accent" aria-hidden />
        ) : (
          <Copy className="size-4" aria-hidden />
        )}
        {copied ? t('code.copiedShort') : t('code.copy')}
      </button>
    </div>
  );
}
