import {
  partnerTypes,
  partnerLimits,
  type ManagedPartner,
  type ManagedPartnerDetail,
  type PartnerBody,
} from '@huddle/shared/partners';
import { partnerBody } from '@huddle/contracts/partners';
import type { UsCity } from '@huddle/shared/profiles';
import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { contractErrors, sendWithFieldErrors } from '../admin-forms.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import { ImageUrlInput } from '../../../components/ui/image-url-input.tsx';
import { useSavePartner } from '../api/admin-partners.ts';
import { PartnerTeamPicker } from './partner-team-picker.tsx';

interface PartnerFormValues {
  type: PartnerBody['type'];
  name: string;
  description: string;
  logoUrl: string;
  websiteUrl: string;
  city: UsCity | null;
  address: string;
  preferred: boolean;
  teamId: string;
}

const valuesOf = (partner: ManagedPartner | null): PartnerFormValues => ({
  type: partner?.type ?? 'venue',
  name: partner?.name ?? '',
  description: partner?.description ?? '',
  logoUrl: partner?.logoUrl ?? '',
  websiteUrl: partner?.websiteUrl ?? '',
  city: partner?.city ?? null,
  address: partner?.address ?? '',
  preferred: partner?.preferred ?? true,
  teamId: partner?.teamId ?? '',
});

const toBody = (values: PartnerFormValues): PartnerBody => ({
  type: values.type,
  name: values.name,
  description: values.description,
  logoUrl: values.logoUrl.trim() || null,
  websiteUrl: values.websiteUrl.trim() || null,
  city: values.city,
  address: values.address.trim() || null,
  preferred: values.preferred,
  // Only a league links a team (decision 048); the field is hidden for the others.
  teamId: values.type === 'league' ? values.teamId || null : null,
});

/** The US city picker, composed in by the page (features do not import each other). */
export type CityPickerSlot = (props: {
  city: UsCity | null;
  onCityChosen: (city: UsCity | null) => void;
  error?: string;
}) => ReactNode;

interface AdminPartnerFormProps {
  /** The partner being edited; null to add one. */
  partner: ManagedPartnerDetail | null;
  cityPicker: CityPickerSlot;
  onSaved: (partner: ManagedPartner) => void;
}

/** What a partner is (decision 048): kind, name, words, logo, website, city, address, preferred, a league's team. */
export function AdminPartnerForm({ partner, cityPicker, onSaved }: AdminPartnerFormProps) {
  const save = useSavePartner(partner?.id ?? null);
  const form = useForm<PartnerFormValues>({
    initialValues: valuesOf(partner),
    validate: (values) => contractErrors(partnerBody, toBody(values)),
  });

  return (
    <form
      noValidate
      aria-label={partner ? 'Edit partner' : 'Add a partner'}
      onSubmit={form.onSubmit(async (values) => {
        const saved = await sendWithFieldErrors(form, () => save.mutateAsync(toBody(values)));
        if (!saved) return;
        form.resetDirty(valuesOf(saved));
        onSaved(saved);
      }, focusFirstError)}
    >
      <Stack gap="md" maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label="Kind"
            required
            data={partnerTypes.map((entry) => ({ value: entry.type, label: entry.one }))}
            {...form.getInputProps('type')}
          />
          <TextInput label="Name" required maxLength={partnerLimits.name} {...form.getInputProps('name')} />
        </SimpleGrid>
        <Textarea
          label="Description"
          autosize
          minRows={3}
          maxRows={10}
          maxLength={partnerLimits.description}
          {...form.getInputProps('description')}
        />
        <ImageUrlInput
          label="Logo"
          description="Upload a picture, or paste an https:// address."
          value={form.values.logoUrl}
          onChange={(url) => form.setFieldValue('logoUrl', url)}
          {...(form.errors.logoUrl ? { error: String(form.errors.logoUrl) } : {})}
        />
        <TextInput
          label="Website"
          description="Starting with https://"
          maxLength={partnerLimits.url}
          {...form.getInputProps('websiteUrl')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {cityPicker({
            city: form.values.city,
            onCityChosen: (city) => form.setFieldValue('city', city),
            ...(form.errors.city ? { error: String(form.errors.city) } : {}),
          })}
          <TextInput
            label="Address"
            description="Optional: a street address or a park."
            maxLength={partnerLimits.address}
            {...form.getInputProps('address')}
          />
        </SimpleGrid>
        {form.values.type === 'league' ? (
          <PartnerTeamPicker
            value={form.values.teamId}
            initial={partner?.team ?? null}
            onChange={(teamId) => form.setFieldValue('teamId', teamId)}
            {...(form.errors.teamId ? { error: String(form.errors.teamId) } : {})}
          />
        ) : null}
        <Checkbox
          label="Preferred: listed and shown to the public"
          {...form.getInputProps('preferred', { type: 'checkbox' })}
        />
        <FormLevelError error={save.error} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {partner ? 'Save partner' : 'Add partner'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
