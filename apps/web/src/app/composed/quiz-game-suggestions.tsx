import type { EventSummary } from '@huddle/shared/events';
import type { Quiz, QuizLevel } from '@huddle/shared/quizzes';
import { Anchor, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { discoverEvents } from '../../features/discovery/api/discover-events.ts';
import { EventSummaryList } from '../../features/discovery/components/event-summary-list.tsx';
import { useDistanceUnit } from '../../lib/distance-unit.tsx';

/** "Nearby": within a drive of the player's city (50 miles). */
const nearbyKm = 80;
const shown = 5;

const skillLabels = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' } as const;

interface QuizGameSuggestionsProps {
  quiz: Quiz;
  level: QuizLevel;
  /** The player's city (profile) or the one picked on discover; null: soonest anywhere. */
  city: { name: string; lat: number; lng: number } | null;
}

/**
 * Issue 16: games at the quiz's level, through discover's own search. Events carry a skill level
 * (beginner, intermediate, advanced, or all levels), not a rating, so the band is matched to
 * the skill level it belongs to; games open to all levels follow. Says what it matched on.
 */
export function QuizGameSuggestions({ quiz, level, city }: QuizGameSuggestionsProps) {
  const near = city ? { lat: city.lat, lng: city.lng, maxDistanceKm: nearbyKm, sort: 'nearest' as const } : {};
  const base = { gameType: quiz.gameType, ...near };
  const suggestions = useQuery({
    queryKey: ['events', 'quiz-suggestions', quiz.id, level.skillLevel, city],
    queryFn: async (): Promise<EventSummary[]> => {
      const [atLevel, allLevels] = await Promise.all([
        discoverEvents({ ...base, skillLevel: level.skillLevel }, undefined),
        discoverEvents({ ...base, skillLevel: 'all' }, undefined),
      ]);
      return [...atLevel.events, ...allLevels.events].slice(0, shown);
    },
  });
  const unit = useDistanceUnit();
  const radius = unit === 'mi' ? '50 miles' : `${nearbyKm} km`;
  const where = city ? `within ${radius} of ${city.name}, nearest first` : 'anywhere, soonest first';
  const discoverHref = `/discover/events?gameType=${encodeURIComponent(quiz.gameType)}&skillLevel=${level.skillLevel}`;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="quiz-games-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="quiz-games-title">
          Games at your level
        </Title>
        <Text size="sm" c="dimmed">
          Matched on: {quiz.gameType} games marked {skillLabels[level.skillLevel]} (the skill level of a{' '}
          {level.level.toFixed(1)}), then games open to all levels, {where}.
          {city ? '' : ' Set your city to see the games near you.'}
        </Text>
        {suggestions.isPending ? (
          <Skeleton h={120} radius="md" />
        ) : suggestions.isError ? (
          <Text size="sm">The games could not be loaded.</Text>
        ) : suggestions.data.length === 0 ? (
          <Text size="sm">No upcoming {quiz.gameType.toLowerCase()} games match yet.</Text>
        ) : (
          <EventSummaryList events={suggestions.data} label={`${quiz.gameType} games at your level`} />
        )}
        <Anchor component={Link} to={discoverHref} size="sm" fw={600}>
          More {quiz.gameType.toLowerCase()} games on Discover
        </Anchor>
      </Stack>
    </Card>
  );
}
