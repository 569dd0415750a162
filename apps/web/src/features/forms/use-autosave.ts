import { saveFormBody } from '@huddle/contracts/forms';
import type { FormDraft } from '@huddle/shared/forms';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { formKeys } from './api/form-query-keys.ts';
import { saveForm } from './api/save-form.ts';
import {
  autosaveDelayMs,
  errorsByField,
  hasUnsavedChanges,
  shouldAutosave,
  type BuilderAction,
  type BuilderState,
} from './builder-state.ts';

/**
 * Saves the builder's draft about 1.5 s after the last change, one save at a time, each on the
 * version the previous one returned. The local draft is the truth until a save succeeds: a
 * failed or stale save keeps everything typed. Returns `saveNow` (Retry, and before publishing).
 */
export function useAutosave(formId: string, state: BuilderState, dispatch: Dispatch<BuilderAction>) {
  const queryClient = useQueryClient();
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });
  // Kept at once, not on the next render: a second call in the same tick (the timer and
  // Publish) waits for the save in flight, then sends on the version it returned.
  const inFlight = useRef<Promise<boolean> | null>(null);
  const saved = useRef({ version: state.version, revision: state.savedRevision });

  const send = useCallback(async (): Promise<boolean> => {
    const snapshot = latest.current;
    const version = Math.max(snapshot.version, saved.current.version);
    // Saved already: by the state, or by a save whose result this render has not seen yet.
    const justSaved = snapshot.revision === saved.current.revision && snapshot.version <= saved.current.version;
    if (!hasUnsavedChanges(snapshot) || justSaved) return true;
    if (snapshot.status === 'stale') return false;
    const body = { version, ...snapshot.content };
    // The contract's own check first: a draft the server would refuse is not sent, and its
    // messages show at once, beside the same fields the server's would.
    const checked = saveFormBody.safeParse(body);
    if (!checked.success) {
      const messages: Record<string, string> = {};
      for (const issue of checked.error.issues) messages[issue.path.join('.')] ??= issue.message;
      dispatch({ type: 'saveRejected', errors: errorsByField(messages, snapshot.content.fields) });
      return false;
    }
    dispatch({ type: 'saveStarted', revision: snapshot.revision });
    try {
      const reply = await saveForm(formId, body);
      saved.current = { version: reply.version, revision: snapshot.revision };
      dispatch({ type: 'saveSucceeded', revision: snapshot.revision, version: reply.version });
      queryClient.setQueryData<FormDraft>(formKeys.draft(formId), reply);
      void queryClient.invalidateQueries({ queryKey: formKeys.mine });
      void queryClient.invalidateQueries({ queryKey: formKeys.public(formId) });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) dispatch({ type: 'saveStale' });
      else if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
        dispatch({ type: 'saveRejected', errors: errorsByField(error.fieldMessages, snapshot.content.fields) });
      } else dispatch({ type: 'saveFailed', message: error instanceof Error ? error.message : String(error) });
      return false;
    }
  }, [dispatch, formId, queryClient]);

  const saveNow = useCallback(async (): Promise<boolean> => {
    while (inFlight.current) await inFlight.current;
    const attempt = send();
    inFlight.current = attempt;
    try {
      return await attempt;
    } finally {
      inFlight.current = null;
    }
  }, [send]);

  useEffect(() => {
    if (!shouldAutosave(state)) return;
    const timer = window.setTimeout(() => void saveNow(), autosaveDelayMs);
    return () => window.clearTimeout(timer);
    // Restarts on every edit (the revision): the save waits for a pause in typing.
  }, [state, saveNow]);

  return saveNow;
}
