import { useState } from 'react';

import { useToast } from '#app/lib/toast.tsx';
import { authErrorMessage } from '#domains/account/ui/auth-api.ts';

/**
 * A two-factor step's refusal (setting up, verifying a code): shown at the step's form and, as the steps announce
 * their outcomes in toasts, in a red toast titled `title` too. `onError` is the mutation's; a success calls `clearError`.
 */
export function useStepError(title: string, fallback: string) {
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const onError = (failure: unknown) => {
    const message = authErrorMessage(failure, fallback);
    setError(message);
    toast({ title, description: message, variant: 'destructive' });
  };
  return { error, clearError: () => setError(null), onError };
}
