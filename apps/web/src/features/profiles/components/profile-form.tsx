import { profileGenders } from '@huddle/shared/genders';
import { displayNameLength } from '@huddle/shared/limits';
import { bioMaxLength, profileUpdatedMessage, type ProfileBody, type UsCity } from '@huddle/shared/profiles';
import { profileBody } from '@huddle/contracts/profiles';
import { levelLabels } from '@huddle/shared/fair-teams';
import { joinReasons, pronounOptions, type CurrentUser } from '@huddle/shared/users';
import { Button, Group, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../../../lib/api-client.ts';
import { focusFirstError, focusFirstInvalidField } from '../../../lib/focus-first-error.ts';
import { useUpdateMyProfile } from '../api/update-my-profile.ts';
import { joinReasonLabels } from '../profile-labels.ts';
import { CityAutocomplete } from './city-autocomplete.tsx';
import { GameChips } from './game-chips.tsx';
import { ProfilePhotoEditor } from './profile-photo-editor.tsx';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';

interface ProfileFormValues {
  displayName: string;
  fullName: string;
  /** What is typed in the city field; only a city chosen from the list counts. */
  cityText: string;
  defaultCity: UsCity | null;
  pronouns: ProfileBody['pronouns'];
  gender: CurrentUser['gender'];
  bio: string;
  joinReason: ProfileBody['joinReason'];
  /** '1'…'5', or null: Select works in strings. */
  selfRatedLevel: string | null;
  games: string[];
}

const levelOptions = Object.entries(levelLabels).map(([value, label]) => ({ value, label }));

const chooseCityMessage = 'Choose your city.';

function initialValues(user: CurrentUser): ProfileFormValues {
  return {
    // A fallback name ("Unnamed Player") is not the person's choice: they type their own.
    displayName: user.displayNameFallback ? '' : user.displayName,
    fullName: user.fullName ?? '',
    cityText: user.defaultCity?.name ?? '',
    defaultCity: user.defaultCity,
    pronouns: user.pronouns,
    gender: user.gender,
    bio: user.bio ?? '',
    joinReason: user.joinReason,
    selfRatedLevel: user.selfRatedLevel === null ? null : String(user.selfRatedLevel),
    games: user.games,
  };
}

function bodyFrom(values: ProfileFormValues) {
  return {
    displayName: values.displayName,
    fullName: values.fullName,
    defaultCity: values.defaultCity,
    games: values.games,
    pronouns: values.pronouns,
    gender: values.gender,
    bio: values.bio.trim() ? values.bio : null,
    joinReason: values.joinReason,
    selfRatedLevel: values.selfRatedLevel === null ? null : Number(values.selfRatedLevel),
  };
}

/** A field path from the schema or the server, as the form names it (the city lives in cityText). */
function formField(path: string): string {
  return path === 'defaultCity' || path.startsWith('defaultCity.') ? 'cityText' : path;
}

function validate(values: ProfileFormValues): FormErrors {
  const errors: FormErrors = {};
  const parsed = profileBody.safeParse(bodyFrom(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formField(issue.path.map(String).join('.') || 'form');
      if (field === 'cityText') errors.cityText = chooseCityMessage;
      else errors[field] ??= issue.message;
    }
  }
  return errors;
}

interface ProfileFormProps {
  user: CurrentUser;
  /** Called with the saved user; `wasNew` when this save completed first-time setup. */
  onSaved: (user: CurrentUser, wasNew: boolean) => void;
  /** The photo changed (upload or removal), before or without saving the rest. */
  onUserUpdated: (user: CurrentUser) => void;
  /** Shown beside the submit button (the profile dialog's Cancel). */
  secondaryAction?: React.ReactNode;
}

/**
 * The profile form of spec §4, one component for both moments: a new user (no
 * additional info yet) sets up the account and also answers join reason and games;
 * an existing user saves changes.
 */
export function ProfileForm({ user, onSaved, onUserUpdated, secondaryAction }: ProfileFormProps) {
  const isNew = !user.hasAdditionalInfo;
  const showGames = isNew || user.games.length === 0;
  const updateProfile = useUpdateMyProfile();
  // Filled once from the user it mounts with: a user that changes later (a photo upload,
  // a session read arriving) never overwrites what is being typed.
  const form = useForm<ProfileFormValues>({ initialValues: initialValues(user), validate });
  const submit = form.onSubmit((values, event) => {
    // Read now: React clears currentTarget once the submit event is handled.
    const formElement = event?.currentTarget;
    const body = profileBody.parse(bodyFrom(values));
    updateProfile.mutate(body, {
      onSuccess: (saved) => {
        // Spec §4: an existing user hears it saved; a new user's page takes over (welcome, next step).
        if (!isNew) notifications.show({ color: 'huddle', message: profileUpdatedMessage });
        form.resetDirty();
        onSaved(saved, isNew);
      },
      onError: (error) => {
        if (!(error instanceof ApiError && error.fields)) return;
        form.setErrors(
          Object.fromEntries(
            Object.entries(error.fieldMessages).map(([field, message]) => [formField(field), message]),
          ),
        );
        focusFirstInvalidField(formElement);
      },
    });
  }, focusFirstError);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Fields marked with an asterisk (*) are required.
        </Text>
        <FormLevelError error={updateProfile.error} title="We could not save your profile" />
        <ProfilePhotoEditor user={user} onUserUpdated={onUserUpdated} />
        <TextInput
          label="Display name"
          description={`${form.values.displayName.length}/${displayNameLength.max} characters. Other players see this name.`}
          autoComplete="nickname"
          required
          {...form.getInputProps('displayName')}
        />
        <TextInput label="Full name" autoComplete="name" required {...form.getInputProps('fullName')} />
        <TextInput label="Email" description="The email you sign in with." value={user.email} readOnly disabled />
        <CityAutocomplete
          value={form.values.cityText}
          withAsterisk
          error={form.errors.cityText}
          onBlur={() => form.validateField('cityText')}
          onChange={(text) => {
            form.setFieldValue('cityText', text);
            if (form.values.defaultCity && text !== form.values.defaultCity.name)
              form.setFieldValue('defaultCity', null);
          }}
          onCityChosen={(city) => {
            form.setFieldValue('cityText', city.name);
            form.setFieldValue('defaultCity', city);
            form.clearFieldError('cityText');
          }}
        />
        <Select
          label="Pronouns"
          placeholder="Choose pronouns"
          data={[...pronounOptions]}
          clearable
          allowDeselect
          {...form.getInputProps('pronouns')}
        />
        <Select
          label="Gender (optional)"
          description="Only you see this."
          placeholder="Prefer not to say"
          data={[...profileGenders]}
          clearable
          allowDeselect
          {...form.getInputProps('gender')}
        />
        <Select
          label="Your level (optional)"
          description="How well you play, 1 to 5. Organizers use it to make even teams; nobody else sees it."
          placeholder="Not set"
          data={levelOptions}
          clearable
          allowDeselect
          {...form.getInputProps('selfRatedLevel')}
        />
        <Textarea
          label="Bio"
          description={`${form.values.bio.length}/${bioMaxLength} characters. A line or two about how you play.`}
          autosize
          minRows={3}
          maxRows={8}
          {...form.getInputProps('bio')}
        />
        {isNew ? (
          <Radio.Group label="What brings you to Huddle?" {...form.getInputProps('joinReason')}>
            <Stack gap="xs" mt={6}>
              {joinReasons.map((reason) => (
                <Radio key={reason} value={reason} label={joinReasonLabels[reason]} />
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        {showGames ? (
          <GameChips
            value={form.values.games}
            onChange={(games) => form.setFieldValue('games', games)}
            error={form.errors.games}
            withAsterisk
            description="The sports you play or want to try."
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          {secondaryAction}
          <Button type="submit" loading={updateProfile.isPending}>
            {isNew ? 'Setup Account' : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
