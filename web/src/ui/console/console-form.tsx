import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button.tsx';
import { toast } from '../toast-store.ts';
import { ErrorNote } from './page.tsx';
import { type FormFields, useFormFields } from './use-form-fields.ts';

/**
 * A console call whose failure the screen shows itself (ErrorNote, so `silent` keeps the global
 * error toast away) and whose success refreshes the lists it changed.
 */
export function useConsoleMutation<TResult, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  {
    invalidate = [],
    onSuccess,
  }: { invalidate?: readonly QueryKey[]; onSuccess?: (result: TResult, variables: TVariables) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn,
    onSuccess: (result, variables) => {
      for (const queryKey of invalidate) void queryClient.invalidateQueries({ queryKey });
      onSuccess?.(result, variables);
    },
  });
}

/** Saving a console form: as useConsoleMutation, and a "Saved" toast. */
export function useSaveMutation<TResult>(
  mutationFn: () => Promise<TResult>,
  options: { invalidate: readonly QueryKey[]; onSuccess?: (result: TResult) => void },
) {
  const { t } = useTranslation('console');
  return useConsoleMutation(mutationFn, {
    invalidate: options.invalidate,
    onSuccess: (result) => {
      toast({ title: t('common.saved') });
      options.onSuccess?.(result);
    },
  });
}

/** A console editor's values (`initial`, read once) and their save: `submit` sends them. */
export function useConsoleForm<T extends object, TResult>(
  initial: () => T,
  submit: (values: T) => Promise<TResult>,
  options: { invalidate: readonly QueryKey[]; onSuccess?: (result: TResult) => void },
): { f: FormFields<T>; save: ReturnType<typeof useSaveMutation<TResult>> } {
  const f = useFormFields(initial);
  return { f, save: useSaveMutation(() => submit(f.values), options) };
}

/** The form around a console editor: submit saves, the save's error shows, then Save (and Cancel). */
export function ConsoleForm({
  save,
  onCancel,
  submitLabel,
  children,
}: {
  save: { mutate: () => void; isPending: boolean; error: unknown };
  onCancel?: () => void;
  submitLabel?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('console');
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      {children}
      <ErrorNote error={save.error} />
      <div className="flex gap-2">
        <Button type="submit" loading={save.isPending}>
          {submitLabel ?? t('common.save')}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
