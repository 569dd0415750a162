import { promotionLimits, type Promotion, type PromotionBody } from '@huddle/shared/promotions';
import { promotionBody } from '@huddle/contracts/promotions';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import { contractErrors, formatInstant, sendWithFieldErrors } from '../admin-forms.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { fromLocalInput, toLocalInput } from '../../../lib/local-datetime.ts';
import { AdminDialogForm } from './admin-dialog-form.tsx';
import { AdminItemActions } from './admin-item-actions.tsx';
import { useAdminPromotions, useDeletePromotion, useSavePromotion } from '../api/admin-promotions.ts';

interface PromotionFormValues {
  headline: string;
  text: string;
  linkUrl: string;
  linkLabel: string;
  startsAt: string;
  endsAt: string;
  active: boolean;
}

const toBody = (values: PromotionFormValues): PromotionBody => ({
  headline: values.headline,
  text: values.text,
  linkUrl: values.linkUrl.trim() || null,
  linkLabel: values.linkLabel,
  startsAt: fromLocalInput(values.startsAt) ?? '',
  endsAt: fromLocalInput(values.endsAt) ?? '',
  active: values.active,
});

function PromotionForm({ promotion, onDone }: { promotion: Promotion | null; onDone: () => void }) {
  const save = useSavePromotion(promotion?.id ?? null);
  const form = useForm<PromotionFormValues>({
    initialValues: {
      headline: promotion?.headline ?? '',
      text: promotion?.text ?? '',
      linkUrl: promotion?.linkUrl ?? '',
      linkLabel: promotion?.linkLabel ?? '',
      startsAt: toLocalInput(promotion?.startsAt ?? null),
      endsAt: toLocalInput(promotion?.endsAt ?? null),
      active: promotion?.active ?? true,
    },
    validate: (values) => contractErrors(promotionBody, toBody(values)),
  });
  return (
    <AdminDialogForm
      label={promotion ? 'Edit promotion' : 'New promotion'}
      onSubmit={form.onSubmit(async (values) => {
        if (await sendWithFieldErrors(form, () => save.mutateAsync(toBody(values)))) onDone();
      }, focusFirstError)}
      save={save}
      submitLabel={promotion ? 'Save promotion' : 'Add promotion'}
      onCancel={onDone}
    >
      <TextInput label="Headline" required maxLength={promotionLimits.headline} {...form.getInputProps('headline')} />
      <Textarea label="Text" autosize minRows={2} maxLength={promotionLimits.text} {...form.getInputProps('text')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Link"
          description="Optional: https://… or a Huddle page such as /community/pricing"
          maxLength={promotionLimits.url}
          {...form.getInputProps('linkUrl')}
        />
        <TextInput
          label="Link text"
          description="Empty: “See the offer”"
          maxLength={promotionLimits.linkLabel}
          {...form.getInputProps('linkLabel')}
        />
        <TextInput type="datetime-local" label="Starts" required {...form.getInputProps('startsAt')} />
        <TextInput type="datetime-local" label="Ends" required {...form.getInputProps('endsAt')} />
      </SimpleGrid>
      <Checkbox
        label="Active: shown on home between its start and end"
        {...form.getInputProps('active', { type: 'checkbox' })}
      />
    </AdminDialogForm>
  );
}

function stateOf(promotion: Promotion, now: number): { label: string; color: string } {
  if (!promotion.active) return { label: 'Paused', color: 'gray.8' };
  if (Date.parse(promotion.startsAt) > now) return { label: 'Scheduled', color: 'blue.9' };
  if (Date.parse(promotion.endsAt) <= now) return { label: 'Ended', color: 'gray.8' };
  return { label: 'Running', color: 'huddle.9' };
}

/** Spec §2 home, the community sale banner: home shows the running one (the latest start of several). */
export function AdminPromotions() {
  const promotions = useAdminPromotions();
  const remove = useDeletePromotion();
  const [editing, setEditing] = useState<Promotion | 'new' | null>(null);
  // When the list was read: the states are as of that answer (a render reads no clock).
  const now = promotions.dataUpdatedAt;
  return (
    <Stack gap="sm" component="section" aria-labelledby="admin-promotions-heading">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} id="admin-promotions-heading">
          Promotions
        </Title>
        <Button onClick={() => setEditing('new')}>New promotion</Button>
      </Group>
      <Text size="sm" c="dimmed">
        The sale banner on everyone's home page. People can dismiss it; a new promotion shows again.
      </Text>
      <FormLevelError error={remove.error} />
      {promotions.isPending ? (
        <Loader aria-label="Loading the promotions" />
      ) : promotions.error ? (
        <FormLevelError error={promotions.error} />
      ) : promotions.data.length === 0 ? (
        <Text c="dimmed">No promotions yet.</Text>
      ) : (
        promotions.data.map((promotion) => {
          const state = stateOf(promotion, now);
          return (
            <Card key={promotion.id} withBorder component="article" aria-label={promotion.headline}>
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600}>{promotion.headline}</Text>
                  <Badge color={state.color}>{state.label}</Badge>
                </Group>
                {promotion.text ? <Text size="sm">{promotion.text}</Text> : null}
                <Text size="sm" c="dimmed">
                  {formatInstant(promotion.startsAt)} to {formatInstant(promotion.endsAt)}
                </Text>
                <AdminItemActions
                  what={`promotion ${promotion.headline}`}
                  onEdit={() => setEditing(promotion)}
                  onDelete={() => remove.mutate(promotion.id)}
                  deleting={remove.isPending && remove.variables === promotion.id}
                />
              </Stack>
            </Card>
          );
        })
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New promotion' : 'Edit promotion'}
        size="lg"
      >
        {editing !== null ? (
          <PromotionForm
            key={editing === 'new' ? 'new' : editing.id}
            promotion={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
