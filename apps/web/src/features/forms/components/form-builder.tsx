import {
  availableFieldTypes,
  formMessages,
  formPaymentMessages,
  type FormDraft,
  type FormStatus,
} from '@huddle/shared/forms';
import { Alert, Anchor, Badge, Button, Flex, Group, Menu, Modal, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useReducer, useState } from 'react';
import { Link } from 'react-router';
import { getFormDraft } from '../api/get-form-draft.ts';
import { useSetFormStatus } from '../api/set-form-status.ts';
import { builderReducer, hasUnsavedChanges, initialBuilderState, type BuilderDraft } from '../builder-state.ts';
import { fieldTypeNames, newField } from '../field-types.ts';
import { formStatusColors, formStatusNames } from '../form-status.ts';
import { useAutosave } from '../use-autosave.ts';
import { useLeaveGuard } from '../use-leave-guard.ts';
import { formBuildPath } from '../form-paths.ts';
import { FieldList } from './field-list.tsx';
import { FormFiller } from './form-filler.tsx';
import { FormSettingsPanel } from './form-settings-panel.tsx';
import { SaveStatus } from './save-status.tsx';
import { ErrorText } from '../../../components/ui/error-text.tsx';

export type FormBuilderProps = {
  draft: BuilderDraft;
  seasons: { id: string; label: string }[];
  /**
   * A new form (form/build), not stored yet: its first edit creates it, then this is told
   * (decision 063: opening the builder makes no form).
   */
  onCreated?: (draft: FormDraft) => void;
};

/** form/build and form/build/{id}: the fields, the settings and a live preview, saved as the organizer types. */
export function FormBuilder({ draft, seasons, onCreated }: FormBuilderProps) {
  const [state, dispatch] = useReducer(builderReducer, draft, initialBuilderState);
  const [openFieldId, setOpenFieldId] = useState<string | null>(null);
  const [statusError, setStatusError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [stored, setStored] = useState(!onCreated);
  const saveNow = useAutosave(
    {
      formId: draft.id,
      teamId: draft.team?.id ?? null,
      stored,
      onCreated: (created) => {
        setStored(true);
        onCreated?.(created);
      },
    },
    state,
    dispatch,
  );
  const unsaved = hasUnsavedChanges(state);
  const blocker = useLeaveGuard(unsaved, formBuildPath(draft.id));
  const setStatus = useSetFormStatus();
  // Read at once: a phone never renders the two-column builder first.
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const { content } = state;
  // Messages about the title, description and settings, which may sit on a tab not shown.
  const settingsErrors = Object.entries(state.errors)
    .filter(([key]) => key === 'title' || key === 'description' || key.startsWith('settings.'))
    .map(([, message]) => message);

  const changeStatus = async (status: FormStatus) => {
    setStatusError(null);
    // What is on screen is what gets published: the last changes are saved first.
    if (!(await saveNow())) {
      setStatusError('Save the form first: fix what is marked, then try again.');
      return;
    }
    try {
      const reply = await setStatus.mutateAsync({ formId: draft.id, status });
      dispatch({ type: 'statusChanged', status: reply.status, version: reply.version });
    } catch (error) {
      setStatusError(error instanceof Error ? error.message : String(error));
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      dispatch({ type: 'reload', draft: await getFormDraft(draft.id) });
    } catch (error) {
      setStatusError(error instanceof Error ? error.message : String(error));
    } finally {
      setReloading(false);
    }
  };

  const addField = (type: (typeof availableFieldTypes)[number]) => {
    const field = newField(type);
    dispatch({ type: 'addField', field });
    setOpenFieldId(field.id);
  };

  const fieldsPanel = (
    <Stack gap="sm">
      {content.fields.length === 0 ? (
        <Text c="dimmed">No fields yet: add the first question with “Add a field”.</Text>
      ) : (
        <FieldList
          fields={content.fields}
          errors={state.errors}
          openFieldId={openFieldId}
          onOpen={setOpenFieldId}
          onChange={(fieldId, patch) => dispatch({ type: 'updateField', fieldId, patch })}
          onCondition={(fieldId, condition) => dispatch({ type: 'setCondition', fieldId, condition })}
          onMove={(fieldId, to) => dispatch({ type: 'moveField', fieldId, to })}
          onDuplicate={(fieldId) => dispatch({ type: 'duplicateField', fieldId })}
          onRemove={(fieldId) => dispatch({ type: 'removeField', fieldId })}
        />
      )}
      {state.errors.fields ? <ErrorText>{state.errors.fields}</ErrorText> : null}
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button leftSection={<IconPlus size={16} aria-hidden />} w="fit-content">
            Add a field
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {availableFieldTypes
            // Payment items are paid to the form's owner: offered once their Stripe can take charges.
            .filter((type) => type !== 'payment' || draft.canTakePayments)
            .map((type) => (
              <Menu.Item
                key={type}
                onClick={() => addField(type)}
                // A form cannot start with a page break (the contract refuses it).
                disabled={type === 'page_break' && content.fields.length === 0}
              >
                {fieldTypeNames[type]}
              </Menu.Item>
            ))}
        </Menu.Dropdown>
      </Menu>
      {draft.canTakePayments ? null : (
        <Text size="sm" c="dimmed">
          {formPaymentMessages.connectStripe}{' '}
          <Anchor component={Link} to="/settings?tab=payments" fw={600} c="inherit" underline="always">
            Go to Settings › Payments
          </Anchor>
        </Text>
      )}
    </Stack>
  );
  const settingsPanel = (
    <FormSettingsPanel
      content={content}
      takesPayments={content.fields.some((field) => field.type === 'payment') || content.settings.seasonId !== null}
      team={draft.team}
      seasons={seasons}
      errors={state.errors}
      onContent={(patch) => dispatch({ type: 'setContent', patch })}
      onSettings={(patch) => dispatch({ type: 'setSettings', patch })}
    />
  );
  const preview = (
    <Paper component="section" withBorder radius="lg" p="md" aria-label="Preview">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Preview: what people filling the form see.
        </Text>
        <Title order={2} size="h3">
          {content.title}
        </Title>
        {content.description ? <Text style={{ whiteSpace: 'pre-wrap' }}>{content.description}</Text> : null}
        <FormFiller
          form={{ title: content.title, description: content.description, team: draft.team, fields: content.fields }}
          prefill={{ name: '', email: '' }}
          submitDisabledReason="This is a preview: nothing is sent."
        />
      </Stack>
    </Paper>
  );

  // On a desktop the preview stands beside the tabs; on a phone it is the third tab.
  const tabs = (
    <Tabs defaultValue="fields" keepMounted={false}>
      <Tabs.List grow={!wide}>
        <Tabs.Tab value="fields">Fields</Tabs.Tab>
        <Tabs.Tab value="settings">Settings</Tabs.Tab>
        {wide ? null : <Tabs.Tab value="preview">Preview</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="fields" pt="md">
        {fieldsPanel}
      </Tabs.Panel>
      <Tabs.Panel value="settings" pt="md">
        {settingsPanel}
      </Tabs.Panel>
      {wide ? null : (
        <Tabs.Panel value="preview" pt="md">
          {preview}
        </Tabs.Panel>
      )}
    </Tabs>
  );

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/form" w="fit-content">
        ← Your forms
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={1}>{content.title || 'Untitled form'}</Title>
            <Badge color={formStatusColors[state.formStatus]}>{formStatusNames[state.formStatus]}</Badge>
          </Group>
          {draft.team ? <Text c="dimmed">A form of {draft.team.name}</Text> : null}
          <SaveStatus state={state} stored={stored} onRetry={() => void saveNow()} />
        </Stack>
        <Group gap="xs">
          {state.formStatus === 'published' ? (
            <Button variant="default" loading={setStatus.isPending} onClick={() => void changeStatus('closed')}>
              Close
            </Button>
          ) : (
            <Button loading={setStatus.isPending} onClick={() => void changeStatus('published')}>
              {state.formStatus === 'closed' ? 'Reopen' : 'Publish'}
            </Button>
          )}
          {state.formStatus !== 'draft' ? (
            <Button variant="default" loading={setStatus.isPending} onClick={() => void changeStatus('draft')}>
              Back to draft
            </Button>
          ) : null}
          {/* A new form has no pages of its own until its first edit stores it. */}
          {stored ? (
            <>
              <Button variant="subtle" component={Link} to={`/form/${draft.id}`}>
                Public page
              </Button>
              <Button variant="subtle" component={Link} to={`/form/${draft.id}/submissions`}>
                Submissions
              </Button>
            </>
          ) : null}
        </Group>
      </Group>
      {state.status === 'stale' ? (
        <Alert color="red" role="alert">
          <Stack gap="xs">
            <Text>{formMessages.staleDraft}</Text>
            <Text size="sm">Your changes here stay on screen until you reload.</Text>
            <Button w="fit-content" loading={reloading} onClick={() => void reload()}>
              Reload
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {settingsErrors.length > 0 ? (
        <Alert color="red" title="Check the settings">
          {settingsErrors.join(' ')}
        </Alert>
      ) : null}
      {statusError ? (
        <Alert color="red" role="alert">
          {statusError}
        </Alert>
      ) : null}
      {state.formStatus === 'published' ? (
        <Text size="sm">
          Share this link:{' '}
          <Anchor component={Link} to={`/form/${draft.id}`}>{`${window.location.origin}/form/${draft.id}`}</Anchor>
        </Text>
      ) : null}
      {wide ? (
        <Flex gap="lg" align="flex-start">
          <div style={{ flex: 7, minWidth: 0 }}>{tabs}</div>
          <div style={{ flex: 5, minWidth: 0, position: 'sticky', top: 80 }}>{preview}</div>
        </Flex>
      ) : (
        tabs
      )}
      <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title="Leave the builder?" centered>
        <Stack>
          <Text>{formMessages.leaveUnsaved}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              Stay
            </Button>
            <Button color="red.9" onClick={() => blocker.proceed?.()}>
              Leave
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
