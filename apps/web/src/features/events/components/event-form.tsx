import {
  eventDescriptionMax,
  eventSlots,
  eventTitleLength,
  maxFriends,
  skillLevels,
  type EventView,
} from '@huddle/shared/events';
import { maxOccurrences } from '@huddle/shared/event-occurrences';
import { eventGenderLabels, eventGenders } from '@huddle/shared/genders';
import { priceNeedsStripeMessage } from '@huddle/shared/paid-games';
import {
  deadlineLabel,
  refundAfterDeadlineChoices,
  refundAfterDeadlineLabels,
  refundDeadlineChoices,
} from '@huddle/shared/refund-policy';
import {
  Alert,
  Anchor,
  Button,
  Chip,
  Group,
  Input,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateEvent } from '../api/create-event.ts';
import { useCreatePlace } from '../api/create-place.ts';
import { useUpdateEvent } from '../api/update-event.ts';
import { skillLevelLabels, weekdayLabels } from '../event-format.ts';
import { viewerTimeZone } from '../../../lib/format-event-time.ts';
import {
  addMinutesLocal,
  emptyEventValues,
  eventBodyFrom,
  eventFormErrors,
  eventValuesFrom,
  isoWeekdayOf,
  placeBodyFrom,
  placeFormErrors,
  validateEventValues,
  type EventFormValues,
} from '../event-form-values.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { timeZoneChoices } from '../../../lib/time-zone-choices.ts';
import { indefiniteArticle } from '../../../lib/indefinite-article.ts';
import { PlacePicker, type NewPlaceLocationPicker } from './place-picker.tsx';
import { ErrorText } from '../../../components/ui/error-text.tsx';

interface EventFormProps {
  /** Game types from the server (the page loads them). */
  gameTypes: string[];
  /**
   * The team or community the event belongs to (spec §2: the team is the parent), or null for
   * a pickup game. A new event starts with the team's game type (issue 11, item 13).
   */
  team: { id: string; name: string; gameType?: string; kind?: 'team' | 'community' } | null;
  /** Set when editing. */
  event?: EventView['event'];
  /** A place to start with (?placeId= on create). */
  initialPlace?: { id: string; name: string; address: string } | null;
  /** A new event's starting values from elsewhere ("Find a time"'s "Create game"); ignored when editing. */
  prefill?: EventPrefill | null;
  /** The viewer's city: place suggestions start there. */
  near: { lat: number; lng: number } | null;
  /** The map a new place's spot is clicked on (the page composes it from the maps feature). */
  renderLocationPicker: (picker: NewPlaceLocationPicker) => ReactNode;
  onSaved: (eventId: string) => void;
  /**
   * Whether the organizer paid for the game (its creator) can take payments (decision 033);
   * false shows why a price is refused, with the way to Settings › Payments. Unknown: undefined.
   */
  canTakePayments?: boolean;
}

const defaultLengthMinutes = 90;

export type EventPrefill = Partial<Pick<EventFormValues, 'title' | 'timeZone' | 'startLocal' | 'endLocal' | 'slots'>>;

/** Create or edit a game (issue 5); the shared schemas check it here and again on the server. */
export function EventForm({
  gameTypes,
  team,
  event,
  initialPlace = null,
  prefill = null,
  near,
  renderLocationPicker,
  canTakePayments,
  onSaved,
}: EventFormProps) {
  const createEvent = useCreateEvent();
  const updateEvent = useUpdateEvent();
  const createPlace = useCreatePlace();
  const [formError, setFormError] = useState<string | null>(null);
  const repeatLabelId = useId();
  const repeatDaysLabelId = useId();
  const teamId = team?.id ?? null;
  const form = useForm<EventFormValues>({
    initialValues: event
      ? eventValuesFrom(event)
      : {
          ...emptyEventValues(viewerTimeZone()),
          place: initialPlace,
          visibility: 'public',
          gameType: team?.gameType ?? '',
          ...prefill,
        },
    validate: (values) => validateEventValues(values, teamId),
  });
  const { values } = form;
  const zones = useMemo(() => timeZoneChoices(values.timeZone), [values.timeZone]);
  // A game type that is no longer offered still shows on the event being edited.
  const gameTypeChoices =
    values.gameType && !gameTypes.includes(values.gameType) ? [values.gameType, ...gameTypes] : gameTypes;
  const saving = createEvent.isPending || updateEvent.isPending || createPlace.isPending;

  const changeStart = (startLocal: string) => {
    const changes: Partial<EventFormValues> = { startLocal };
    // Keep the length of the game when the start moves; a fresh form gets a 90-minute game.
    const previousLength =
      values.startLocal && values.endLocal
        ? (Date.parse(`${values.endLocal}:00Z`) - Date.parse(`${values.startLocal}:00Z`)) / 60_000
        : Number.NaN;
    if (startLocal) {
      changes.endLocal = addMinutesLocal(startLocal, previousLength > 0 ? previousLength : defaultLengthMinutes);
      // The first date's weekday always counts in a weekly series (event-occurrences.ts): show it.
      const weekday = String(isoWeekdayOf(startLocal));
      if (values.repeats === 'weekly' && !values.weekdays.includes(weekday)) {
        changes.weekdays = [...values.weekdays, weekday];
      }
    }
    form.setValues(changes);
  };

  const changeRepeats = (repeats: string) => {
    const changes: Partial<EventFormValues> = { repeats: repeats as EventFormValues['repeats'] };
    if (repeats === 'weekly' && values.weekdays.length === 0 && values.startLocal) {
      changes.weekdays = [String(isoWeekdayOf(values.startLocal))];
    }
    form.setValues(changes);
  };

  const submit = async (submitted: EventFormValues) => {
    setFormError(null);
    let placeId = submitted.place?.id ?? null;
    if (!placeId && submitted.newPlace) {
      try {
        const created = await createPlace.mutateAsync(placeBodyFrom(submitted.newPlace));
        placeId = created.id;
        // Saved: sending again (after an event error) uses this place, never a second copy.
        form.setValues({ place: { id: created.id, name: created.name, address: created.address }, newPlace: null });
      } catch (error) {
        if (error instanceof ApiError && error.fields) form.setErrors(placeFormErrors(error.fieldMessages));
        setFormError(error instanceof Error ? error.message : 'The place could not be saved.');
        return;
      }
    }
    if (!placeId) return;
    const body = eventBodyFrom(submitted, { placeId, teamId });
    try {
      const saved = event
        ? await updateEvent.mutateAsync({ eventId: event.id, body })
        : await createEvent.mutateAsync(body);
      onSaved(saved.id);
    } catch (error) {
      if (error instanceof ApiError && error.fields) form.setErrors(eventFormErrors(error.fieldMessages));
      setFormError(error instanceof Error ? error.message : 'The event could not be saved.');
    }
  };

  return (
    <form onSubmit={form.onSubmit((submitted) => void submit(submitted), focusFirstError)} noValidate>
      <Stack gap="md">
        {team && (
          <Text size="sm">
            {indefiniteArticle(team.name, { capital: true })} <strong>{team.name}</strong> event: its organizers can run
            it with you.
          </Text>
        )}
        <TextInput
          label="Title"
          placeholder="Thursday night pickup"
          maxLength={eventTitleLength.max}
          {...form.getInputProps('title')}
        />
        <Select
          label="Game type"
          data={gameTypeChoices}
          searchable
          nothingFoundMessage="No game type by that name"
          {...form.getInputProps('gameType')}
          value={values.gameType || null}
          onChange={(gameType) => form.setFieldValue('gameType', gameType ?? '')}
        />
        <Textarea
          label="Description"
          description={`What should players know? ${values.description.length}/${eventDescriptionMax}`}
          autosize
          minRows={3}
          maxLength={eventDescriptionMax}
          {...form.getInputProps('description')}
        />
        <PlacePicker
          place={values.place}
          newPlace={values.newPlace}
          onPlaceChange={(place) => {
            form.setFieldValue('place', place);
            form.clearFieldError('place');
          }}
          onNewPlaceChange={(newPlace) => {
            form.setFieldValue('newPlace', newPlace);
            form.clearFieldError('place');
          }}
          onNewPlaceEdit={(changes) => {
            form.setFieldValue('newPlace', (current) => (current ? { ...current, ...changes } : current));
            // A spot set (a click, an address picked) answers the "pick an address" message.
            if (changes.point) form.clearFieldError('newPlace.point');
          }}
          near={near}
          renderLocationPicker={renderLocationPicker}
          errors={{
            place: form.errors.place as string | undefined,
            name: form.errors['newPlace.name'] as string | undefined,
            address: form.errors['newPlace.address'] as string | undefined,
            point: form.errors['newPlace.point'] as string | undefined,
          }}
        />
        <Select
          label="Time zone"
          description="Start and end are times on the clock where the game is played."
          data={zones}
          searchable
          limit={60}
          allowDeselect={false}
          nothingFoundMessage="No time zone by that name"
          {...form.getInputProps('timeZone')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            type="datetime-local"
            label="Starts"
            {...form.getInputProps('startLocal')}
            onChange={(change) => changeStart(change.currentTarget.value)}
          />
          <TextInput type="datetime-local" label="Ends" {...form.getInputProps('endLocal')} />
        </SimpleGrid>

        <Stack gap={6}>
          <Input.Label labelElement="div" id={repeatLabelId}>
            Repeat
          </Input.Label>
          <SegmentedControl
            aria-labelledby={repeatLabelId}
            data={[
              { value: 'none', label: 'Does not repeat' },
              { value: 'weekly', label: 'Weekly' },
            ]}
            value={values.repeats}
            onChange={changeRepeats}
            style={{ alignSelf: 'flex-start' }}
          />
          {form.errors.repeats && <ErrorText>{form.errors.repeats}</ErrorText>}
        </Stack>
        {values.repeats === 'weekly' && (
          <Stack gap="sm" pl="md" style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}>
            <Stack gap={6} role="group" aria-labelledby={repeatDaysLabelId}>
              <Input.Label labelElement="div" id={repeatDaysLabelId}>
                Repeats on
              </Input.Label>
              <Chip.Group
                multiple
                value={values.weekdays}
                onChange={(weekdays) => {
                  form.setFieldValue('weekdays', weekdays);
                  form.clearFieldError('weekdays');
                }}
              >
                <Group gap={6}>
                  {weekdayLabels.map((label, index) => (
                    <Chip key={label} value={String(index + 1)} size="sm">
                      {label}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              {form.errors.weekdays && <ErrorText>{form.errors.weekdays}</ErrorText>}
            </Stack>
            {/* No default end (issue 11): nobody gets a silent number of weeks. */}
            <Radio.Group
              label="Ends"
              description={`After 2 to ${maxOccurrences} times, or on a date at most two years after the first`}
              withAsterisk
              value={values.repeatEnds}
              error={form.errors.repeatEnds}
              onChange={(repeatEnds) => {
                form.setFieldValue('repeatEnds', repeatEnds as EventFormValues['repeatEnds']);
                form.clearFieldError('repeatEnds');
              }}
            >
              <Group gap="lg" mt={6}>
                <Radio value="count" label="After a number of times" />
                <Radio value="until" label="On a date" />
              </Group>
            </Radio.Group>
            {values.repeatEnds === 'count' && (
              <NumberInput
                label="Number of times"
                withAsterisk
                min={2}
                max={maxOccurrences}
                allowDecimal={false}
                w={200}
                {...form.getInputProps('count')}
              />
            )}
            {values.repeatEnds === 'until' && (
              <TextInput type="date" label="Last date" withAsterisk w={200} {...form.getInputProps('until')} />
            )}
          </Stack>
        )}

        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput
            label="Spots"
            description="How many players can join"
            min={eventSlots.min}
            max={eventSlots.max}
            allowDecimal={false}
            {...form.getInputProps('slots')}
          />
          <Select
            label="Skill level"
            data={skillLevels.map((level) => ({ value: level, label: skillLevelLabels[level] }))}
            allowDeselect={false}
            {...form.getInputProps('skillLevel')}
          />
          <Select
            label="Who can play"
            data={eventGenders.map((gender) => ({ value: gender, label: eventGenderLabels[gender] }))}
            allowDeselect={false}
            {...form.getInputProps('gender')}
          />
        </SimpleGrid>
        <Radio.Group label="Who can see it" {...form.getInputProps('visibility')}>
          <Stack gap="xs" mt={6}>
            <Radio value="public" label="Public: anyone can find and join it" />
            <Radio
              value="team"
              disabled={!team}
              label={
                team
                  ? `${team.kind === 'community' ? 'Community' : 'Team'} only: members of ${team.name}`
                  : 'Team only (for team events)'
              }
            />
          </Stack>
        </Radio.Group>
        <Stack gap={4}>
          <NumberInput
            label="Price per player (USD)"
            description={
              canTakePayments === false
                ? priceNeedsStripeMessage
                : 'Leave empty for a free game. Players pay through Stripe when they join.'
            }
            min={0}
            max={1000}
            decimalScale={2}
            fixedDecimalScale={false}
            prefix="$"
            w={{ base: '100%', xs: 260 }}
            {...form.getInputProps('price')}
          />
          {canTakePayments === false && (
            <Anchor component={Link} to="/settings?tab=payments" size="sm">
              Go to Settings › Payments
            </Anchor>
          )}
        </Stack>
        {Number(form.values.price) > 0 && <RefundPolicyFields form={form} />}
        <NumberInput
          label="Friends a guest may bring"
          description="People without an account join with a name and an email; this caps the friends they bring, so no one takes the whole game. Signed-in players bring up to 9."
          min={0}
          max={maxFriends}
          allowDecimal={false}
          w={{ base: '100%', xs: 260 }}
          {...form.getInputProps('maxGuestFriends')}
        />
        <Switch
          label="Move people up from the waitlist automatically"
          description="Off: when a spot frees, the next person in line is offered it and has a while to claim it."
          {...form.getInputProps('autoPromote', { type: 'checkbox' })}
        />

        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={saving}>
            {event ? 'Save changes' : 'Create event'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The refund policy of a priced event (decision 035): only shown while there is a price. */
function RefundPolicyFields({
  form,
}: {
  form: UseFormReturnType<EventFormValues, EventFormValues, (values: EventFormValues) => FormErrors>;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <Select
        label="Full refund when leaving"
        description="Players who leave before this are refunded in full, automatically."
        data={refundDeadlineChoices.map((hours) => ({ value: String(hours), label: deadlineLabel(hours) }))}
        allowDeselect={false}
        {...form.getInputProps('refundDeadlineHours')}
      />
      <Radio.Group label="After the deadline" {...form.getInputProps('refundAfterDeadline')}>
        <Stack gap="xs" mt={6}>
          {refundAfterDeadlineChoices.map((choice) => (
            <Radio key={choice} value={choice} label={refundAfterDeadlineLabels[choice]} />
          ))}
        </Stack>
      </Radio.Group>
    </SimpleGrid>
  );
}
