import { useState } from 'react';
import { toastError } from './api-errors.ts';

/**
 * A form's save: `busy` while it runs (the submit button shows it), a failure shown as an error
 * toast, the form left as it was so the fan can try again.
 */
export function useSaving() {
  const [busy, setBusy] = useState(false);
  async function saving(save: () => Promise<void>) {
    setBusy(true);
    try {
      await save();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  }
  return { busy, saving };
}
