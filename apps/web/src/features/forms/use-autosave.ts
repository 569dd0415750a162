import { createFormBody, saveFormBody } from '@huddle/contracts/forms';
import type { FormDraft } from '@huddle/shared/forms';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client.ts';
import { createForm } from './api/create-form.ts';
import { formKeys } from './api/form-query-keys.ts';
import { saveForm } from './api/save-form.ts';
import {
  autosaveDelayMs,
  errorsByField,
  hasUnsavedChanges,
  shouldAutosave,
  type BuilderAction,
  type BuilderState,
  type DraftContent,
} from './builder-state.ts';

/** The form the builder saves: stored already, or new (form/build) and created by its first save. */
export type AutosaveTarget = {
  formId: string;
  /** A new form's team, which its create names. */
  teamId: string | null;
  stored: boolean;
  /** A new form was created: from here on its saves are updates. */
  onCreated: (draft: FormDraft) => void;
};

/** The contract's messages for a body, by path; null when it would be accepted. */
function contractProblems(schema: z.ZodType, body: unknown): Record<string, string> | null {
  const result = schema.safeParse(body);
  if (result.success) return null;
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

/**
 * Saves the builder's draft about 1.5 s after the last change, one save at a time, each on the
 * version the previous one returned. The local draft is the truth until a save succeeds: a
 * failed or stale save keeps everything typed. A new form's first save creates it, with all
 * that is typed by then, under the id the builder chose (decision 063: a create sent again
 * answers with the same form). Returns `saveNow` (Retry, and before publishing: a new form is
 * created then even with nothing typed).
 */
export function useAutosave(target: AutosaveTarget, state: BuilderState, dispatch: Dispatch<BuilderAction>) {
  const queryClient = useQueryClient();
  const latest = useRef(state);
  const latestTarget = useRef(target);
  useEffect(() => {
    latest.current = state;
    latestTarget.current = target;
  });
  // Kept at once, not on the next render: a second call in the same tick (the timer and
  // Publish) waits for the save in flight, then sends on the version it returned.
  const inFlight = useRef<Promise<boolean> | null>(null);
  const saved = useRef({ version: state.version, revision: state.savedRevision, stored: target.stored });

  const send = useCallback(async (): Promise<boolean> => {
    const snapshot = latest.current;
    const { formId, teamId, onCreated } = latestTarget.current;
    const creating = !saved.current.stored;
    const version = Math.max(snapshot.version, saved.current.version);
    // Saved already: by the state, or by a save whose result this render has not seen yet.
    const justSaved = snapshot.revision === saved.current.revision && snapshot.version <= saved.current.version;
    if (!creating && (!hasUnsavedChanges(snapshot) || justSaved)) return true;
    if (snapshot.status === 'stale') return false;
    const content: DraftContent = snapshot.content;
    const createBody = { id: formId, teamId, ...content };
    const saveBody = { version, ...content };
    // The contract's own check first: a draft the server would refuse is not sent, and its
    // messages show at once, beside the same fields the server's would.
    const problems = creating ? contractProblems(createFormBody, createBody) : contractProblems(saveFormBody, saveBody);
    if (problems) {
      dispatch({ type: 'saveRejected', errors: errorsByField(problems, content.fields) });
      return false;
    }
    dispatch({ type: 'saveStarted', revision: snapshot.revision });
    try {
      const reply = creating ? await createForm(createBody) : await saveForm(formId, saveBody);
      saved.current = { version: reply.version, revision: snapshot.revision, stored: true };
      dispatch({ type: 'saveSucceeded', revision: snapshot.revision, version: reply.version });
      queryClient.setQueryData<FormDraft>(formKeys.draft(formId), reply);
      void queryClient.invalidateQueries({ queryKey: formKeys.mine });
      void queryClient.invalidateQueries({ queryKey: formKeys.public(formId) });
      if (creating) onCreated(reply);
      return true;
    } catch (error) {
      // A create refused with 409 names an id that is not this person's: no reload can help it.
      if (error instanceof ApiError && error.status === 409 && !creating) dispatch({ type: 'saveStale' });
      else if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
        dispatch({ type: 'saveRejected', errors: errorsByField(error.fieldMessages, content.fields) });
      } else dispatch({ type: 'saveFailed', message: error instanceof Error ? error.message : String(error) });
      return false;
    }
  }, [dispatch, queryClient]);

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
