import {
  bibColourLabels,
  bibColours,
  levelLabels,
  suggestedPositions,
  teamCountRange,
  teamSourceLabels,
  teamsMessages,
  type BibColour,
  type SaveTeamsBody,
  type TeamMember,
  type TeamSheet,
  type TeamSource,
} from '@huddle/shared/fair-teams';
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useTeamSheet } from '../api/get-team-sheet.ts';
import { useMakeTeams } from '../api/make-teams.ts';
import { usePublishTeams } from '../api/publish-teams.ts';
import { useRatePlayer } from '../api/rate-player.ts';
import { useSaveTeams } from '../api/save-teams.ts';
import { BibSwatch } from './bib-swatch.tsx';
import { ErrorText } from '../../../components/ui/error-text.tsx';

type Sheet = NonNullable<TeamSheet['sheet']>;

interface TeamMakerCardProps {
  eventId: string;
  occurrenceStartsAt: string;
}

const unassigned = 'none';
const formatLevel = (level: number | null) => (level === null ? '–' : level.toFixed(1));

/**
 * The manage page's "Teams" section (issue 34 part 2): split the date's players into even teams,
 * adjust them (drag a player, or "Move to" from the keyboard), lock, rate, name and colour, and
 * publish to the players. Every change is saved at once against the version shown; when another
 * organizer saved first, the change is refused and the page says so.
 */
export function TeamMakerCard({ eventId, occurrenceStartsAt }: TeamMakerCardProps) {
  const sheet = useTeamSheet(eventId, occurrenceStartsAt);
  const [conflict, setConflict] = useState<string | null>(null);
  const onError = (error: Error) => {
    if (error instanceof ApiError && error.code === 'CONFLICT') {
      setConflict(error.message);
      void sheet.refetch();
    } else notifications.show({ color: 'red', message: error.message });
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="fair-teams-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="fair-teams-title">
            Teams
          </Title>
          <Text size="sm" c="dimmed">
            Split the players into even teams by level: the level players give themselves, their skill quiz, and your
            own private rating. Friends who joined together stay on one team unless you turn that off.
          </Text>
        </div>
        {sheet.isError && (
          <Alert color="red" role="alert">
            {sheet.error.message}
          </Alert>
        )}
        {conflict && (
          <Alert
            color="yellow"
            role="alert"
            withCloseButton
            onClose={() => setConflict(null)}
            closeButtonLabel="Dismiss"
          >
            {conflict}
          </Alert>
        )}
        {!sheet.data && !sheet.isError && (
          <Text c="dimmed" role="status">
            Loading…
          </Text>
        )}
        {sheet.data && (
          <>
            <MakeControls
              key={sheet.data.sheet?.version ?? 0}
              eventId={eventId}
              occurrenceStartsAt={occurrenceStartsAt}
              data={sheet.data}
              onError={onError}
              onDone={() => setConflict(null)}
            />
            {sheet.data.sheet && (
              <SheetEditor
                eventId={eventId}
                occurrenceStartsAt={occurrenceStartsAt}
                sheet={sheet.data.sheet}
                onError={onError}
              />
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

function MakeControls({
  eventId,
  occurrenceStartsAt,
  data,
  onError,
  onDone,
}: {
  eventId: string;
  occurrenceStartsAt: string;
  data: TeamSheet;
  onError: (error: Error) => void;
  onDone: () => void;
}) {
  const make = useMakeTeams();
  const current = data.sheet;
  const [teamCount, setTeamCount] = useState(String(current?.teams.length ?? teamCountRange.default));
  const [source, setSource] = useState<TeamSource>(current?.source ?? 'joined');
  const [keepParties, setKeepParties] = useState(current?.keepParties ?? true);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const counts = { joined: data.playerCount, checkedIn: data.checkedInCount };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    make.mutate(
      {
        eventId,
        body: {
          occurrenceStartsAt,
          version: current?.version ?? null,
          teamCount: Number(teamCount),
          source,
          keepParties,
        },
      },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (error instanceof ApiError && error.fieldMessages.source) setFieldError(error.fieldMessages.source);
          else onError(error);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Make teams">
      <Stack gap="sm">
        <Group gap="lg" align="flex-end" wrap="wrap">
          <div>
            <Text component="label" id="team-count-label" size="sm" fw={500} display="block">
              Number of teams
            </Text>
            <SegmentedControl
              aria-labelledby="team-count-label"
              value={teamCount}
              onChange={setTeamCount}
              data={Array.from({ length: teamCountRange.max - teamCountRange.min + 1 }, (_, index) =>
                String(index + teamCountRange.min),
              )}
            />
          </div>
          <Radio.Group label="Who plays" value={source} onChange={(value) => setSource(value as TeamSource)}>
            <Group gap="md" mt={6}>
              {(['joined', 'checkedIn'] as const).map((value) => (
                <Radio key={value} value={value} label={`${teamSourceLabels[value]} (${counts[value]})`} />
              ))}
            </Group>
          </Radio.Group>
        </Group>
        <Switch
          label="Keep friends who joined together on one team"
          checked={keepParties}
          onChange={(event) => setKeepParties(event.currentTarget.checked)}
        />
        {fieldError && <ErrorText>{fieldError}</ErrorText>}
        {data.playerCount === 0 ? (
          <Text c="dimmed">{teamsMessages.noPlayers}</Text>
        ) : (
          <Group gap="sm">
            <Button type="submit" loading={make.isPending}>
              {current ? 'Reshuffle' : 'Make teams'}
            </Button>
            {current && (
              <Text size="sm" c="dimmed">
                Locked players stay on their team; everyone else is split again.
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** The sheet as the save body has it, for a change to be made on. */
function bodyOf(sheet: Sheet, occurrenceStartsAt: string): SaveTeamsBody {
  const everyone = [...sheet.teams.flatMap((team) => team.members), ...sheet.unassigned];
  return {
    occurrenceStartsAt,
    version: sheet.version,
    teams: sheet.teams.map((team) => ({
      name: team.name,
      colour: team.colour,
      members: team.members.map((member) => member.key),
    })),
    locked: everyone.filter((member) => member.locked).map((member) => member.key),
    positions: Object.fromEntries(
      everyone.flatMap((member) => (member.position ? [[member.key, member.position] as const] : [])),
    ),
  };
}

function SheetEditor({
  eventId,
  occurrenceStartsAt,
  sheet,
  onError,
}: {
  eventId: string;
  occurrenceStartsAt: string;
  sheet: Sheet;
  onError: (error: Error) => void;
}) {
  const save = useSaveTeams();
  const publish = usePublishTeams();
  const rate = useRatePlayer();
  const [dragging, setDragging] = useState<string | null>(null);

  const change = (edit: (body: SaveTeamsBody) => void) => {
    const body = bodyOf(sheet, occurrenceStartsAt);
    edit(body);
    save.mutate({ eventId, body }, { onError });
  };
  const move = (key: string, target: number | null) =>
    change((body) => {
      for (const team of body.teams) team.members = team.members.filter((member) => member !== key);
      if (target !== null) body.teams[target]?.members.push(key);
      else body.locked = body.locked.filter((locked) => locked !== key);
    });
  const toggleLock = (key: string) =>
    change((body) => {
      body.locked = body.locked.includes(key) ? body.locked.filter((locked) => locked !== key) : [...body.locked, key];
    });
  const setPosition = (key: string, position: string | null) =>
    change((body) => {
      if (position) body.positions[key] = position;
      else delete body.positions[key];
    });
  const setLook = (index: number, look: { name?: string; colour?: BibColour }) =>
    change((body) => {
      const team = body.teams[index];
      if (team) Object.assign(team, look);
    });
  const ratePerson = (member: TeamMember, rating: number | null) =>
    member.userId && rate.mutate({ eventId, body: { occurrenceStartsAt, userId: member.userId, rating } }, { onError });

  const moveTargets = [
    ...sheet.teams.map((team, index) => ({ value: String(index), label: team.name })),
    { value: unassigned, label: 'No team' },
  ];
  const rowProps = {
    moveTargets,
    onMove: move,
    onToggleLock: toggleLock,
    onPosition: setPosition,
    onRate: ratePerson,
    onDragStart: setDragging,
  };
  const drop = (target: number | null) => (event: React.DragEvent) => {
    event.preventDefault();
    const key = event.dataTransfer.getData('text/plain') || dragging;
    setDragging(null);
    if (key) move(key, target);
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="sm" aria-live="polite" aria-label="Balance" component="section">
        <Stack gap={4}>
          <Text fw={600}>Balance</Text>
          <Text size="sm">{sheet.balance.summary}</Text>
          {sheet.balance.spread >= 0.6 && (
            <Text size="sm">Try moving a strong player to the weakest team, or reshuffle.</Text>
          )}
          <Text size="sm" c="dimmed">
            {sheet.teams
              .map((team, index) => `${team.name}: ${formatLevel(sheet.balance.averages[index] ?? null)}`)
              .join(' · ')}
          </Text>
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(3, sheet.teams.length) }} spacing="md">
        {sheet.teams.map((team, index) => (
          <Paper
            key={index}
            withBorder
            radius="md"
            p="sm"
            component="section"
            aria-label={team.name}
            data-testid={`team-${index}`}
            onDragOver={(event: React.DragEvent) => event.preventDefault()}
            onDrop={drop(index)}
          >
            <Stack gap="xs">
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <BibSwatch colour={team.colour} />
                <TextInput
                  key={`${sheet.version}-${team.name}`}
                  label="Team name"
                  defaultValue={team.name}
                  maxLength={40}
                  style={{ flex: 1 }}
                  onBlur={(event) => {
                    const name = event.currentTarget.value.trim();
                    if (name && name !== team.name) setLook(index, { name });
                  }}
                />
                <NativeSelect
                  label="Bib colour"
                  value={team.colour}
                  data={bibColours.map((colour) => ({ value: colour, label: bibColourLabels[colour] }))}
                  onChange={(event) => setLook(index, { colour: event.currentTarget.value as BibColour })}
                />
              </Group>
              <Text size="sm" c="dimmed">
                {team.members.length} {team.members.length === 1 ? 'player' : 'players'} · average level{' '}
                {formatLevel(sheet.balance.averages[index] ?? null)}
              </Text>
              <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {team.members.map((member) => (
                  <MemberRow key={member.key} member={member} teamValue={String(index)} {...rowProps} />
                ))}
              </Stack>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      {sheet.unassigned.length > 0 && (
        <Paper
          withBorder
          radius="md"
          p="sm"
          component="section"
          aria-label="Not on a team"
          onDragOver={(event: React.DragEvent) => event.preventDefault()}
          onDrop={drop(null)}
        >
          <Text fw={600} mb="xs">
            Not on a team yet
          </Text>
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {sheet.unassigned.map((member) => (
              <MemberRow key={member.key} member={member} teamValue={unassigned} {...rowProps} />
            ))}
          </Stack>
        </Paper>
      )}
      <Group gap="sm" align="center" wrap="wrap">
        <Button
          loading={publish.isPending}
          onClick={() =>
            publish.mutate(
              { eventId, body: { occurrenceStartsAt, version: sheet.version } },
              { onSuccess: () => notifications.show({ message: teamsMessages.published }), onError },
            )
          }
        >
          {sheet.publishedAt ? 'Publish again' : 'Publish teams'}
        </Button>
        <Text size="sm" c="dimmed" role="status">
          {sheet.publishedAt === null
            ? 'Players do not see these teams until you publish them.'
            : sheet.changedSincePublished
              ? 'Changed since you published: players still see the earlier teams.'
              : 'Published: players see these teams on the event page.'}
        </Text>
      </Group>
    </Stack>
  );
}

function MemberRow({
  member,
  teamValue,
  moveTargets,
  onMove,
  onToggleLock,
  onPosition,
  onRate,
  onDragStart,
}: {
  member: TeamMember;
  teamValue: string;
  moveTargets: { value: string; label: string }[];
  onMove: (key: string, target: number | null) => void;
  onToggleLock: (key: string) => void;
  onPosition: (key: string, position: string | null) => void;
  onRate: (member: TeamMember, rating: number | null) => void;
  onDragStart: (key: string) => void;
}) {
  const name = member.displayName;
  const levelParts = [
    member.rating !== null && `your rating ${member.rating}`,
    member.quiz !== null && `quiz ${member.quiz.toFixed(1)}`,
    member.selfRated !== null && `own ${member.selfRated}`,
  ].filter(Boolean);
  return (
    <li
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', member.key);
        event.dataTransfer.effectAllowed = 'move';
        onDragStart(member.key);
      }}
      data-testid="team-member"
      style={{ cursor: 'grab' }}
    >
      <Paper withBorder radius="sm" p={6}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar src={member.photoURL} alt="" size="sm" radius="xl" />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {name}
              </Text>
              <Text size="xs" c="dimmed">
                Level {member.level.toFixed(1)}
                {levelParts.length > 0 ? ` (${levelParts.join(', ')})` : ' (nothing known yet)'}
              </Text>
            </div>
          </Group>
          <Group gap={4} wrap="nowrap">
            {member.partySize > 1 && (
              <Badge size="xs" variant="light">
                Together
              </Badge>
            )}
            {teamValue !== unassigned && (
              <ActionIcon
                variant={member.locked ? 'filled' : 'subtle'}
                aria-pressed={member.locked}
                aria-label={member.locked ? `Unlock ${name}` : `Lock ${name} on this team`}
                title={member.locked ? 'Locked: stays on reshuffle' : 'Lock on this team'}
                onClick={() => onToggleLock(member.key)}
              >
                {member.locked ? <IconLock size={16} /> : <IconLockOpen size={16} />}
              </ActionIcon>
            )}
          </Group>
        </Group>
        <SimpleGrid cols={member.userId ? 3 : 2} spacing={6} mt={6}>
          <NativeSelect
            size="xs"
            label="Move to"
            aria-label={`Move ${name} to`}
            value={teamValue}
            data={moveTargets}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (value !== teamValue) onMove(member.key, value === unassigned ? null : Number(value));
            }}
          />
          <Select
            size="xs"
            label="Position"
            aria-label={`Position of ${name}`}
            placeholder="None"
            data={[...suggestedPositions]}
            value={member.position}
            clearable
            onChange={(value) => onPosition(member.key, value)}
          />
          {member.userId && (
            <NativeSelect
              size="xs"
              label="Your rating"
              aria-label={`Your private rating of ${name}`}
              title="Private: only you see your ratings"
              value={member.rating === null ? '' : String(member.rating)}
              data={[
                { value: '', label: 'None' },
                ...Object.keys(levelLabels).map((value) => ({ value, label: value })),
              ]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                onRate(member, value === '' ? null : Number(value));
              }}
            />
          )}
        </SimpleGrid>
      </Paper>
    </li>
  );
}
