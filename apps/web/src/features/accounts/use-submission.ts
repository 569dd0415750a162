import { useCallback, useRef, useState } from 'react';

interface SubmissionState {
  status: 'idle' | 'pending' | 'success' | 'error';
  error: Error | null;
}

/**
 * Pending, success and error of one form's request, for the auth pages. They are their own
 * entry without TanStack Query (decision 023); elsewhere a form uses useMutation. A second
 * submit while one is under way is ignored, so a double click sends one request.
 */
export function useSubmission<Input>(
  action: (input: Input) => Promise<unknown>,
  /** What a form post sent without JavaScript was told (issue 33): the form starts showing it. */
  initialError: Error | null = null,
) {
  const [state, setState] = useState<SubmissionState>(() =>
    initialError ? { status: 'error', error: initialError } : { status: 'idle', error: null },
  );
  const pending = useRef(false);

  const submit = useCallback(
    async (input: Input, handlers: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) => {
      if (pending.current) return;
      pending.current = true;
      setState({ status: 'pending', error: null });
      try {
        await action(input);
        setState({ status: 'success', error: null });
        handlers.onSuccess?.();
      } catch (caught) {
        const error = caught instanceof Error ? caught : new Error(String(caught));
        setState({ status: 'error', error });
        handlers.onError?.(error);
      } finally {
        pending.current = false;
      }
    },
    [action],
  );
  const reset = useCallback(() => setState({ status: 'idle', error: null }), []);

  return {
    submit,
    reset,
    error: state.error,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
  };
}
