import type { User } from '@paddock/contracts/api/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../lib/query-keys.ts';
import { updateMe } from '../../../lib/user.ts';
import { toast } from '../../../ui/toast-store.ts';

/**
 * Untimed mode (product §10.2.4 item 4, WCAG 2.2.1): saved on the server as soon as it is
 * switched, since the server decides how an untimed game pays.
 */
export function UntimedModeToggle({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (on: boolean) => updateMe({ untimedMode: on }),
    onSuccess: (updated) => queryClient.setQueryData(queryKeys.me, updated),
    onError: () => toast({ title: t('untimed.error'), variant: 'destructive' }),
  });
  const on = save.isPending ? Boolean(save.variables) : user.untimedMode;
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-2xl border border-line bg-surface p-4">
      <input
        type="checkbox"
        className="mt-1 size-5 accent-[var(--brand-primary)]"
        checked={on}
        disabled={save.isPending}
        onChange={(e) => save.mutate(e.target.checked)}
      />
      <span className="flex flex-col gap-1">
        <span className="font-semibold">{t('untimed.label')}</span>
        <span className="text-sm text-muted">{t('untimed.hint')}</span>
      </span>
    </label>
  );
}
