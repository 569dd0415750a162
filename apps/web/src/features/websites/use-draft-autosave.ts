import type { WebsiteDocument, WebsiteDraft, WebsiteMeta } from '@huddle/shared/websites';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { saveWebsite } from './api/websites.ts';

export type SaveStatus = 'saved' | 'saving' | 'unsaved' | 'failed' | 'conflict';

export interface SiteDraftState {
  meta: WebsiteMeta;
  document: WebsiteDocument;
}

const autosaveDelayMs = 800;

/**
 * The builder's draft with autosave: every change is saved shortly after the last one, one save
 * at a time, against the version the last save returned (a 409 means someone else saved: stop and
 * say so). What the person typed stays on the page whatever the server says.
 */
export function useDraftAutosave(initial: WebsiteDraft) {
  const [draft, setDraft] = useState<SiteDraftState>({ meta: initial.meta, document: initial.document });
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [error, setError] = useState<ApiError | null>(null);
  const state = useRef({ draft, version: initial.version, changes: 0, savedChanges: 0, inFlight: false });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const waiters = useRef<((saved: boolean) => void)[]>([]);

  const settle = (saved: boolean) => {
    for (const resolve of waiters.current.splice(0)) resolve(saved);
  };

  /** One save of what is there now; false when it failed (the person is told, nothing retries by itself). */
  const saveOnce = useCallback(async (): Promise<boolean> => {
    const current = state.current;
    current.inFlight = true;
    const sending = current.changes;
    setStatus('saving');
    try {
      const reply = await saveWebsite(initial.id, {
        version: current.version,
        meta: current.draft.meta,
        document: current.draft.document,
      });
      current.version = reply.version;
      current.savedChanges = sending;
      setError(null);
      return true;
    } catch (caught) {
      const apiError = caught instanceof ApiError ? caught : new ApiError('NETWORK', String(caught), 0);
      setError(apiError);
      setStatus(apiError.code === 'CONFLICT' ? 'conflict' : 'failed');
      settle(false);
      return false;
    } finally {
      current.inFlight = false;
    }
  }, [initial.id]);

  const save = useCallback(async (): Promise<void> => {
    const current = state.current;
    if (current.inFlight) return;
    // Changes made while a save was on its way go in the next one: loop until none is left.
    while (current.changes !== current.savedChanges) {
      if (!(await saveOnce())) return;
    }
    setStatus('saved');
    settle(true);
  }, [saveOnce]);

  const update = useCallback(
    (change: (previous: SiteDraftState) => SiteDraftState) => {
      const next = change(state.current.draft);
      if (next === state.current.draft) return;
      state.current.draft = next;
      state.current.changes += 1;
      setDraft(next);
      setStatus((previous) => (previous === 'conflict' ? previous : 'unsaved'));
      clearTimeout(timer.current);
      if (status !== 'conflict') timer.current = setTimeout(() => void save(), autosaveDelayMs);
    },
    [save, status],
  );

  /** Saves now what is not saved yet; resolves true once everything is saved. */
  const flush = useCallback((): Promise<boolean> => {
    const current = state.current;
    if (current.changes === current.savedChanges && !current.inFlight) return Promise.resolve(true);
    clearTimeout(timer.current);
    const done = new Promise<boolean>((resolve) => waiters.current.push(resolve));
    void save();
    return done;
  }, [save]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const dirty = status !== 'saved';
  return { draft, update, status, error, dirty, flush, retry: () => void save() };
}
