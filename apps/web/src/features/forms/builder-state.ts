import type { FieldCondition, FormDraft, FormField, FormSettings } from '@huddle/shared/forms';
import type { FormStatus } from '@huddle/shared/forms';
import { isChoiceField, newId, takesAnswer } from './field-types.ts';

/** What the builder edits and autosaves: the save body less its version. */
export type DraftContent = {
  title: string;
  description: string;
  coverImageUrl: string | null;
  fields: FormField[];
  settings: FormSettings;
};

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'failed' | 'stale';

export type BuilderState = {
  content: DraftContent;
  formStatus: FormStatus;
  /** The server's version the next save is based on. */
  version: number;
  /** Bumped on every edit; a save names the revision it sent, so later edits stay unsaved. */
  revision: number;
  savedRevision: number;
  /** The revision being sent, if a save is in flight. */
  sendingRevision: number | null;
  status: SaveStatus;
  /** Server messages by `<fieldId>.<property>` (a field) or `<property>` (title, settings.*). */
  errors: Record<string, string>;
  /** A save failed for a reason other than the content (the network): offer Retry. */
  failedMessage: string | null;
};

export type BuilderAction =
  | { type: 'addField'; field: FormField; at?: number }
  | { type: 'updateField'; fieldId: string; patch: Partial<FormField> }
  | { type: 'removeField'; fieldId: string }
  | { type: 'duplicateField'; fieldId: string }
  | { type: 'moveField'; fieldId: string; to: number }
  | { type: 'setCondition'; fieldId: string; condition: FieldCondition | null }
  | { type: 'setContent'; patch: Partial<Pick<DraftContent, 'title' | 'description' | 'coverImageUrl'>> }
  | { type: 'setSettings'; patch: Partial<FormSettings> }
  | { type: 'saveStarted'; revision: number }
  | { type: 'saveSucceeded'; revision: number; version: number }
  | { type: 'saveRejected'; errors: Record<string, string> }
  | { type: 'saveFailed'; message: string }
  | { type: 'saveStale' }
  | { type: 'statusChanged'; status: FormStatus; version: number }
  | { type: 'reload'; draft: FormDraft };

/**
 * What the builder starts from: a stored form, or a new one (form/build) under the id the
 * builder chose for it, at version 0 until its first edit creates it (decision 063).
 */
export type BuilderDraft = Omit<FormDraft, 'submissionCount' | 'updatedAt'>;

export function initialBuilderState(draft: BuilderDraft): BuilderState {
  return {
    content: {
      title: draft.title,
      description: draft.description,
      coverImageUrl: draft.coverImageUrl,
      fields: draft.fields,
      settings: draft.settings,
    },
    formStatus: draft.status,
    version: draft.version,
    revision: 0,
    savedRevision: 0,
    sendingRevision: null,
    status: 'saved',
    errors: {},
    failedMessage: null,
  };
}

/**
 * Conditions may only point at an earlier question (the contract refuses anything else), and a
 * choice condition at one of its options. After a move, a removal or an option change, a
 * condition that no longer holds is dropped rather than left to fail the next save.
 */
export function pruneConditions(fields: FormField[]): FormField[] {
  const earlier = new Map<string, FormField>();
  return fields.map((field) => {
    let kept = field;
    const condition = field.showWhen;
    if (condition) {
      const source = earlier.get(condition.fieldId);
      const valid =
        source !== undefined &&
        takesAnswer(source) &&
        (!isChoiceField(source) || source.options.some((item) => item.id === condition.equals)) &&
        (source.type !== 'checkbox' || condition.equals === 'true' || condition.equals === 'false');
      if (!valid) {
        const { showWhen: _dropped, ...rest } = field;
        kept = rest as FormField;
      }
    }
    earlier.set(kept.id, kept);
    return kept;
  });
}

/** Questions a field at `index` may depend on: the answerable fields before it. */
export function conditionSources(fields: FormField[], index: number): FormField[] {
  return fields.slice(0, index).filter(takesAnswer);
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

function edited(state: BuilderState, content: DraftContent): BuilderState {
  return {
    ...state,
    content,
    revision: state.revision + 1,
    status: state.status === 'stale' ? 'stale' : 'pending',
  };
}

function withFields(state: BuilderState, fields: FormField[]): BuilderState {
  return edited(state, { ...state.content, fields: pruneConditions(fields) });
}

/** Drops the server messages about one field once it is changed (the next save says again). */
function withoutErrorsOf(errors: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key !== prefix && !key.startsWith(`${prefix}.`)));
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  const { fields } = state.content;
  switch (action.type) {
    case 'addField': {
      const { field } = action;
      const at = action.at ?? fields.length;
      // A form cannot start with a page break: the first one goes after the first field.
      if (field.type === 'page_break' && at === 0 && fields.length === 0) return state;
      return withFields(state, [...fields.slice(0, at), field, ...fields.slice(at)]);
    }
    case 'updateField': {
      const next = fields.map((field) =>
        field.id === action.fieldId
          ? ({ ...field, ...action.patch, id: field.id, type: field.type } as FormField)
          : field,
      );
      const changed = withFields(state, next);
      return { ...changed, errors: withoutErrorsOf(state.errors, action.fieldId) };
    }
    case 'removeField': {
      const changed = withFields(
        state,
        fields.filter((field) => field.id !== action.fieldId),
      );
      return { ...changed, errors: withoutErrorsOf(state.errors, action.fieldId) };
    }
    case 'duplicateField': {
      const index = fields.findIndex((field) => field.id === action.fieldId);
      const source = fields[index];
      if (!source) return state;
      const copy = {
        ...structuredClone(source),
        id: newId('f'),
        label: `${source.label} (copy)`.slice(0, 200),
      } as FormField;
      if (isChoiceField(copy)) {
        // The copy's options get their own ids: a condition on the original keeps pointing there.
        copy.options = copy.options.map((item) => ({ ...item, id: newId('o') }));
      }
      return withFields(state, [...fields.slice(0, index + 1), copy, ...fields.slice(index + 1)]);
    }
    case 'moveField': {
      const from = fields.findIndex((field) => field.id === action.fieldId);
      if (from === -1 || from === action.to) return state;
      return withFields(state, moveItem(fields, from, action.to));
    }
    case 'setCondition': {
      const next = fields.map((field) => {
        if (field.id !== action.fieldId) return field;
        if (action.condition) return { ...field, showWhen: action.condition } as FormField;
        const { showWhen: _removed, ...rest } = field;
        return rest as FormField;
      });
      return { ...withFields(state, next), errors: withoutErrorsOf(state.errors, `${action.fieldId}.showWhen`) };
    }
    case 'setContent': {
      const errors = Object.keys(action.patch).reduce((left, key) => withoutErrorsOf(left, key), state.errors);
      return { ...edited(state, { ...state.content, ...action.patch }), errors };
    }
    case 'setSettings': {
      const errors = Object.keys(action.patch).reduce(
        (left, key) => withoutErrorsOf(left, `settings.${key}`),
        state.errors,
      );
      return {
        ...edited(state, { ...state.content, settings: { ...state.content.settings, ...action.patch } }),
        errors,
      };
    }
    case 'saveStarted':
      return { ...state, sendingRevision: action.revision, status: 'saving', failedMessage: null };
    case 'saveSucceeded': {
      const savedRevision = Math.max(state.savedRevision, action.revision);
      return {
        ...state,
        version: action.version,
        savedRevision,
        sendingRevision: null,
        status: savedRevision === state.revision ? 'saved' : 'pending',
        errors: savedRevision === state.revision ? {} : state.errors,
        failedMessage: null,
      };
    }
    case 'saveRejected':
      return { ...state, sendingRevision: null, status: 'failed', errors: action.errors, failedMessage: null };
    case 'saveFailed':
      return { ...state, sendingRevision: null, status: 'failed', failedMessage: action.message };
    case 'saveStale':
      return { ...state, sendingRevision: null, status: 'stale' };
    case 'statusChanged':
      // Publishing saves nothing of the content, but the server moved the version on.
      return { ...state, formStatus: action.status, version: Math.max(state.version, action.version) };
    case 'reload':
      return initialBuilderState(action.draft);
  }
}

export const hasUnsavedChanges = (state: BuilderState) => state.revision !== state.savedRevision;

/** Autosave waits this long after the last change (issue 14: about 1.5 s). */
export const autosaveDelayMs = 1500;

/**
 * Whether the builder should send a save now: something is unsaved, nothing is in flight
 * (saves go one at a time, each on the version the last one returned), and the last attempt
 * neither hit a stale version (only Reload clears that) nor was refused for its content with
 * no change since (it would be refused again).
 */
export function shouldAutosave(state: BuilderState): boolean {
  if (!hasUnsavedChanges(state) || state.sendingRevision !== null) return false;
  if (state.status === 'stale') return false;
  return state.status === 'pending';
}

/**
 * The server's field paths (`fields.3.label`, `settings.closesAt`, `title`) as the builder keys
 * them: a field's messages follow its id, so they stay beside it if it is moved before the next save.
 */
export function errorsByField(fieldErrors: Record<string, string>, sentFields: FormField[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const match = /^fields\.(\d+)(?:\.(.+))?$/.exec(path);
    const field = match ? sentFields[Number(match[1])] : undefined;
    const key = field && match ? (match[2] ? `${field.id}.${match[2]}` : field.id) : path;
    errors[key] = errors[key] ? `${errors[key]} ${message}` : message;
  }
  return errors;
}
