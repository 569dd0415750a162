import { distanceUnitLabels, distanceUnits, formatDistance, type DistanceUnit } from '@huddle/shared/distance';
import {
  substituteAnswerLabels,
  substituteHoursBefore,
  substituteRadius,
  type SubstituteInvitation,
  type SubstituteSettings,
} from '@huddle/shared/substitutes';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useDistanceUnit } from '../../../lib/distance-unit.tsx';
import { formatEventStart } from '../../../lib/format-event-time.ts';
import { useSubstitutes } from '../api/get-substitutes.ts';
import { useSaveSubstituteSettings } from '../api/save-substitute-settings.ts';

interface SubstitutesCardProps {
  eventId: string;
  occurrenceStartsAt: string;
  timeZone: string;
  gameType: string;
}

const answerColors = { joined: 'green', waitlisted: 'yellow', declined: 'gray' } as const;

/**
 * The manage page's "Substitutes" section (issue 12): the organizer's settings (off by default)
 * and who Huddle invited to this date, nearest first, with their answers.
 */
export function SubstitutesCard({ eventId, occurrenceStartsAt, timeZone, gameType }: SubstitutesCardProps) {
  const substitutes = useSubstitutes(eventId, occurrenceStartsAt);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="substitutes-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="substitutes-title">
          Substitutes
        </Title>
        {substitutes.isError && (
          <Alert color="red" role="alert">
            {substitutes.error.message}
          </Alert>
        )}
        {!substitutes.data && !substitutes.isError && (
          <Text c="dimmed" role="status">
            Loading…
          </Text>
        )}
        {substitutes.data && (
          <>
            <SettingsForm eventId={eventId} saved={substitutes.data.settings} gameType={gameType} />
            <InvitationList invitations={substitutes.data.invitations} timeZone={timeZone} />
          </>
        )}
      </Stack>
    </Card>
  );
}

function SettingsForm({ eventId, saved, gameType }: { eventId: string; saved: SubstituteSettings; gameType: string }) {
  const save = useSaveSubstituteSettings();
  const [settings, setSettings] = useState<SubstituteSettings>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const change = (patch: Partial<SubstituteSettings>) => setSettings((current) => ({ ...current, ...patch }));

  const submit = (submitEvent: React.FormEvent) => {
    submitEvent.preventDefault();
    setErrors({});
    setFormError(null);
    save.mutate(
      { eventId, settings },
      {
        onSuccess: () => notifications.show({ message: 'Substitute settings saved.' }),
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fieldMessages);
          else setFormError(error.message);
        },
      },
    );
  };
  // NumberInput gives '' while the field is empty; the server says what is missing.
  const whole = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);

  return (
    <form onSubmit={submit} noValidate aria-label="Substitute settings">
      <Stack gap="sm">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Switch
          label="Invite substitutes when short"
          description={`When a date still has open spots this many hours before it starts, Huddle asks nearby players who chose “Play as a substitute”, play ${gameType} and are free then, nearest first, until the game is full.`}
          checked={settings.enabled}
          onChange={(event) => change({ enabled: event.currentTarget.checked })}
          error={errors.enabled}
        />
        <Group gap="sm" align="flex-start" wrap="wrap">
          <NumberInput
            label="Hours before the start"
            min={substituteHoursBefore.min}
            max={substituteHoursBefore.max}
            allowDecimal={false}
            value={settings.hoursBefore}
            onChange={(value) => change({ hoursBefore: whole(value) })}
            error={errors.hoursBefore}
            disabled={!settings.enabled}
            w={180}
          />
          <NumberInput
            label="Radius"
            min={substituteRadius.min}
            max={substituteRadius.max}
            allowDecimal={false}
            value={settings.radius}
            onChange={(value) => change({ radius: whole(value) })}
            error={errors.radius}
            disabled={!settings.enabled}
            w={120}
          />
          <Select
            label="Unit"
            data={distanceUnits.map((unit) => ({ value: unit, label: distanceUnitLabels[unit] }))}
            value={settings.radiusUnit}
            onChange={(value) => value && change({ radiusUnit: value as DistanceUnit })}
            allowDeselect={false}
            error={errors.radiusUnit}
            disabled={!settings.enabled}
            w={140}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save substitute settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function InvitationList({ invitations, timeZone }: { invitations: SubstituteInvitation[]; timeZone: string }) {
  const unit = useDistanceUnit();
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Invited to this date ({invitations.length})
      </Title>
      {invitations.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody has been invited to this date.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {invitations.map((invitation) => (
            <Group key={invitation.person.id} component="li" justify="space-between" gap="xs" wrap="wrap">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 12rem' }}>
                <Avatar src={invitation.person.photoURL} alt="" radius="xl" size="sm" />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={`/profile/${invitation.person.id}`} truncate>
                    {invitation.person.displayName}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {formatDistance(invitation.distanceKm, unit)} away · invited{' '}
                    {formatEventStart(invitation.invitedAt, timeZone)}
                  </Text>
                </Stack>
              </Group>
              <Stack gap={0} align="flex-end">
                <Badge variant="light" color={invitation.answer ? answerColors[invitation.answer] : 'blue'}>
                  {invitation.answer ? substituteAnswerLabels[invitation.answer] : 'No answer yet'}
                </Badge>
                {invitation.answeredAt && (
                  <Text size="xs" c="dimmed">
                    {formatEventStart(invitation.answeredAt, timeZone)}
                  </Text>
                )}
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
