import {
  confirmationMessageMax,
  formDescriptionMax,
  formLimits,
  formTitleLength,
  type FormSettings,
} from '@huddle/shared/forms';
import { Checkbox, NativeSelect, NumberInput, Radio, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { fromLocalInput, toLocalInput } from '../../../lib/local-datetime.ts';
import { ImageUrlInput } from '../../../components/ui/image-url-input.tsx';
import type { DraftContent } from '../builder-state.ts';

type SettingsPanelProps = {
  content: DraftContent;
  /** The form has payment items (or a paid season): the deposit setting shows. */
  takesPayments: boolean;
  team: { id: string; name: string } | null;
  /** The team's seasons (team forms), from the seasons API. */
  seasons: { id: string; label: string }[];
  errors: Record<string, string>;
  onContent: (patch: Partial<Pick<DraftContent, 'title' | 'description' | 'coverImageUrl'>>) => void;
  onSettings: (patch: Partial<FormSettings>) => void;
};

/** The form's own settings (issue 14): words, dates, limit, who may send and see. */
export function FormSettingsPanel({
  content,
  takesPayments,
  team,
  seasons,
  errors,
  onContent,
  onSettings,
}: SettingsPanelProps) {
  const { settings } = content;
  return (
    <Stack gap="sm">
      {takesPayments ? (
        <NumberInput
          label="Deposit (USD)"
          description="Due when the form is sent; the rest is paid later from the payment link. Empty: all at once."
          prefix="$"
          min={formLimits.price.min / 100}
          max={formLimits.price.max / 100}
          decimalScale={2}
          w={{ base: '100%', xs: 260 }}
          value={settings.depositCents === null ? '' : settings.depositCents / 100}
          error={errors['settings.depositCents']}
          onChange={(next) => onSettings({ depositCents: typeof next === 'number' ? Math.round(next * 100) : null })}
        />
      ) : null}
      <TextInput
        label="Title"
        required
        value={content.title}
        maxLength={formTitleLength.max}
        error={errors.title}
        onChange={(event) => onContent({ title: event.currentTarget.value })}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        value={content.description}
        maxLength={formDescriptionMax}
        error={errors.description}
        onChange={(event) => onContent({ description: event.currentTarget.value })}
      />
      <ImageUrlInput
        label="Cover image"
        description="Shown above the form. JPEG, PNG or WebP, up to 5 MB; or an image address."
        value={content.coverImageUrl ?? ''}
        error={errors.coverImageUrl}
        onChange={(url) => onContent({ coverImageUrl: url.trim() || null })}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          type="datetime-local"
          label="Opens"
          description="Empty: open once published."
          value={toLocalInput(settings.opensAt)}
          error={errors['settings.opensAt']}
          onChange={(event) => onSettings({ opensAt: fromLocalInput(event.currentTarget.value) })}
        />
        <TextInput
          type="datetime-local"
          label="Closes"
          description="Empty: open until you close it."
          value={toLocalInput(settings.closesAt)}
          error={errors['settings.closesAt']}
          onChange={(event) => onSettings({ closesAt: fromLocalInput(event.currentTarget.value) })}
        />
      </SimpleGrid>
      <NumberInput
        label="Submission limit"
        description="Empty: no limit."
        min={1}
        allowDecimal={false}
        value={settings.submissionLimit ?? ''}
        error={errors['settings.submissionLimit']}
        onChange={(value) => onSettings({ submissionLimit: typeof value === 'number' ? value : null })}
      />
      {settings.submissionLimit !== null ? (
        <Radio.Group
          label="When full"
          value={settings.whenFull}
          onChange={(value) => onSettings({ whenFull: value === 'waitlist' ? 'waitlist' : 'closed' })}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="closed" label="Close the form" />
            <Radio value="waitlist" label="Take a waitlist" />
          </Stack>
        </Radio.Group>
      ) : null}
      <Checkbox
        label="One submission per person"
        checked={settings.onePerPerson}
        onChange={(event) => onSettings({ onePerPerson: event.currentTarget.checked })}
      />
      <Textarea
        label="Confirmation message"
        description="Shown after sending. Empty: “Thanks! Your answers were sent.”"
        autosize
        minRows={2}
        maxLength={confirmationMessageMax}
        value={settings.confirmationMessage}
        error={errors['settings.confirmationMessage']}
        onChange={(event) => onSettings({ confirmationMessage: event.currentTarget.value })}
      />
      <Checkbox
        label="Email the person a copy of their answers"
        checked={settings.confirmationEmail}
        onChange={(event) => onSettings({ confirmationEmail: event.currentTarget.checked })}
      />
      {team ? (
        <>
          <NativeSelect
            label="Season"
            description={`Sending the form registers the person for this season of ${team.name}.`}
            value={settings.seasonId ?? ''}
            error={errors['settings.seasonId']}
            data={[
              { value: '', label: 'No season' },
              ...seasons.map((season) => ({ value: season.id, label: season.label })),
            ]}
            onChange={(event) => onSettings({ seasonId: event.currentTarget.value || null })}
          />
          <Radio.Group
            label="Who sees submissions"
            value={settings.submissionsVisibleTo}
            error={errors['settings.submissionsVisibleTo']}
            onChange={(value) => onSettings({ submissionsVisibleTo: value === 'owner' ? 'owner' : 'organizers' })}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="owner" label="Only the form’s owner" />
              <Radio value="organizers" label={`The owner and ${team.name}’s organizers`} />
            </Stack>
          </Radio.Group>
        </>
      ) : null}
    </Stack>
  );
}
