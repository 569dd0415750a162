import { formFields, type FormDraft, type FormField } from '@huddle/shared/forms';
import { describe, expect, it } from 'vitest';
import {
  builderReducer,
  conditionSources,
  errorsByField,
  hasUnsavedChanges,
  initialBuilderState,
  shouldAutosave,
  type BuilderAction,
  type BuilderState,
} from './builder-state.ts';
import { newField } from './field-types.ts';

const draft: FormDraft = {
  id: '00000000-0000-4000-8000-000000000001',
  version: 3,
  status: 'draft',
  title: 'Tryouts',
  description: '',
  coverImageUrl: null,
  team: null,
  fields: [],
  settings: {
    opensAt: null,
    closesAt: null,
    submissionLimit: null,
    whenFull: 'closed',
    onePerPerson: true,
    confirmationMessage: '',
    confirmationEmail: true,
    seasonId: null,
    submissionsVisibleTo: 'organizers',
    depositCents: null,
  },
  submissionCount: 0,
  canTakePayments: false,
  updatedAt: '2026-11-26T00:00:00.000Z',
};

const position: FormField = {
  id: 'position',
  type: 'single_choice',
  label: 'Position',
  required: true,
  options: [
    { id: 'keeper', label: 'Keeper' },
    { id: 'field', label: 'Field player' },
  ],
};
const gloves: FormField = {
  id: 'gloves',
  type: 'short_text',
  label: 'Glove size',
  required: false,
  showWhen: { fieldId: 'position', equals: 'keeper' },
};
const name: FormField = { id: 'name', type: 'short_text', label: 'Name', required: true };

const run = (state: BuilderState, ...actions: BuilderAction[]) => actions.reduce(builderReducer, state);
const start = (fields: FormField[] = []) => initialBuilderState({ ...draft, fields });
const ids = (state: BuilderState) => state.content.fields.map((field) => field.id);

describe('the builder’s fields', () => {
  it('adds a field of each offered type that the contract accepts as it is', () => {
    const types = ['short_text', 'email', 'single_choice', 'multiple_choice', 'dropdown', 'number', 'date'] as const;
    let state = start();
    for (const type of types) state = run(state, { type: 'addField', field: newField(type) });
    state = run(
      state,
      { type: 'addField', field: newField('signature') },
      { type: 'addField', field: newField('page_break') },
    );
    expect(state.content.fields.map((field) => field.type)).toEqual([...types, 'signature', 'page_break']);
    expect(formFields.safeParse(state.content.fields).success).toBe(true);
    expect(hasUnsavedChanges(state)).toBe(true);
  });

  it('does not start a form with a page break', () => {
    const state = run(start(), { type: 'addField', field: newField('page_break') });
    expect(state.content.fields).toEqual([]);
  });

  it('edits a field in place, keeping its id and type', () => {
    const state = run(start([name]), {
      type: 'updateField',
      fieldId: 'name',
      patch: { label: 'Full name', minLength: 2, id: 'other', type: 'email' } as Partial<FormField>,
    });
    expect(state.content.fields[0]).toMatchObject({ id: 'name', type: 'short_text', label: 'Full name', minLength: 2 });
  });

  it('duplicates a field after itself with new ids for it and its options', () => {
    const state = run(start([position, name]), { type: 'duplicateField', fieldId: 'position' });
    const [original, copy, last] = state.content.fields;
    expect(last?.id).toBe('name');
    expect(copy?.id).not.toBe(original?.id);
    expect(copy?.label).toBe('Position (copy)');
    const copyOptions = copy && 'options' in copy ? copy.options.map((item) => item.id) : [];
    expect(copyOptions).toHaveLength(2);
    expect(copyOptions).not.toContain('keeper');
  });

  it('reorders by moving a field to a new index (drag and drop, Move up / Move down)', () => {
    const state = run(start([name, position, gloves]), { type: 'moveField', fieldId: 'name', to: 2 });
    expect(ids(state)).toEqual(['position', 'gloves', 'name']);
    expect(run(state, { type: 'moveField', fieldId: 'name', to: 1 }).content.fields[1]?.id).toBe('name');
  });

  it('drops a condition that would point at a later question after a move', () => {
    const state = run(start([position, gloves]), { type: 'moveField', fieldId: 'gloves', to: 0 });
    expect(ids(state)).toEqual(['gloves', 'position']);
    expect(state.content.fields[0]?.showWhen).toBeUndefined();
    expect(formFields.safeParse(state.content.fields).success).toBe(true);
  });

  it('drops conditions on a deleted question and on a removed option', () => {
    const { showWhen: _dropped, ...unconditional } = gloves;
    expect(run(start([position, gloves]), { type: 'removeField', fieldId: 'position' }).content.fields).toEqual([
      unconditional,
    ]);
    const withoutKeeper = run(start([position, gloves]), {
      type: 'updateField',
      fieldId: 'position',
      patch: { options: [{ id: 'field', label: 'Field player' }] },
    });
    expect(withoutKeeper.content.fields[1]?.showWhen).toBeUndefined();
  });

  it('sets and clears a condition on a field or a page break, offering only earlier questions', () => {
    const pageBreak: FormField = { id: 'page2', type: 'page_break', label: 'Keepers', required: false };
    let state = run(start([position, name, pageBreak]), {
      type: 'setCondition',
      fieldId: 'page2',
      condition: { fieldId: 'position', equals: 'keeper' },
    });
    expect(state.content.fields[2]?.showWhen).toEqual({ fieldId: 'position', equals: 'keeper' });
    expect(formFields.safeParse(state.content.fields).success).toBe(true);
    expect(conditionSources(state.content.fields, 2).map((field) => field.id)).toEqual(['position', 'name']);
    expect(
      conditionSources([{ ...name }, { id: 'h', type: 'heading', label: 'Part', required: false }], 2),
    ).toHaveLength(1);
    state = run(state, { type: 'setCondition', fieldId: 'page2', condition: null });
    expect(state.content.fields[2]?.showWhen).toBeUndefined();
  });
});

describe('autosave decisions', () => {
  it('saves after a change, not before, and one save at a time', () => {
    const fresh = start([name]);
    expect(shouldAutosave(fresh)).toBe(false);
    const changed = run(fresh, { type: 'setContent', patch: { title: 'Tryouts 2027' } });
    expect(shouldAutosave(changed)).toBe(true);
    const sending = run(changed, { type: 'saveStarted', revision: changed.revision });
    expect(shouldAutosave(sending)).toBe(false);
    expect(sending.status).toBe('saving');
    const saved = run(sending, { type: 'saveSucceeded', revision: changed.revision, version: 4 });
    expect(saved).toMatchObject({ status: 'saved', version: 4 });
    expect(hasUnsavedChanges(saved)).toBe(false);
  });

  it('keeps a change made while a save was in flight unsaved, and saves it next on the new version', () => {
    const changed = run(start([name]), { type: 'setContent', patch: { title: 'One' } });
    const sending = run(changed, { type: 'saveStarted', revision: changed.revision });
    const typedMore = run(sending, { type: 'setContent', patch: { title: 'One more' } });
    const saved = run(typedMore, { type: 'saveSucceeded', revision: changed.revision, version: 4 });
    expect(saved.content.title).toBe('One more');
    expect(hasUnsavedChanges(saved)).toBe(true);
    expect(saved.version).toBe(4);
    expect(shouldAutosave(saved)).toBe(true);
  });

  it('stops on a stale version, keeping what was typed, until Reload', () => {
    const changed = run(start([name]), { type: 'setContent', patch: { title: 'Mine' } });
    const stale = run(changed, { type: 'saveStarted', revision: changed.revision }, { type: 'saveStale' });
    expect(stale.status).toBe('stale');
    expect(stale.content.title).toBe('Mine');
    expect(shouldAutosave(run(stale, { type: 'setContent', patch: { title: 'Mine again' } }))).toBe(false);
    const reloaded = run(stale, { type: 'reload', draft: { ...draft, version: 9, title: 'Theirs' } });
    expect(reloaded).toMatchObject({ status: 'saved', version: 9 });
    expect(reloaded.content.title).toBe('Theirs');
  });

  it('does not resend content the server refused until it changes, and clears that field’s message on edit', () => {
    const changed = run(start([name, position]), { type: 'updateField', fieldId: 'name', patch: { label: '' } });
    const refused = run(
      changed,
      { type: 'saveStarted', revision: changed.revision },
      {
        type: 'saveRejected',
        errors: { 'name.label': 'Give the field a label.', 'position.options': 'Add at least one option.' },
      },
    );
    expect(refused.status).toBe('failed');
    expect(shouldAutosave(refused)).toBe(false);
    const fixed = run(refused, { type: 'updateField', fieldId: 'name', patch: { label: 'Name' } });
    expect(fixed.errors).toEqual({ 'position.options': 'Add at least one option.' });
    expect(shouldAutosave(fixed)).toBe(true);
  });

  it('offers Retry after a network failure without losing the draft', () => {
    const changed = run(start([name]), { type: 'setContent', patch: { description: 'Bring boots' } });
    const failed = run(
      changed,
      { type: 'saveStarted', revision: changed.revision },
      { type: 'saveFailed', message: 'No connection.' },
    );
    expect(failed).toMatchObject({ status: 'failed', failedMessage: 'No connection.' });
    expect(failed.content.description).toBe('Bring boots');
    expect(hasUnsavedChanges(failed)).toBe(true);
  });

  it('keys the server’s field paths by field id, so a message follows its field', () => {
    expect(
      errorsByField(
        {
          'fields.1.label': 'Give the field a label.',
          'fields.0': 'Two fields share an id.',
          title: 'At least 2 characters.',
        },
        [name, position],
      ),
    ).toEqual({
      'position.label': 'Give the field a label.',
      name: 'Two fields share an id.',
      title: 'At least 2 characters.',
    });
  });

  it('takes the version a status change returned', () => {
    const published = run(start([name]), { type: 'statusChanged', status: 'published', version: 5 });
    expect(published).toMatchObject({ formStatus: 'published', version: 5 });
    expect(hasUnsavedChanges(published)).toBe(false);
  });
});
