import type { TournamentMatch } from '@huddle/shared/tournaments';
import { ScrollArea, Stack, Text, Title } from '@mantine/core';
import { MatchCard } from './match-card.tsx';

const stageTitles: Record<TournamentMatch['stage'], string> = {
  winners: 'Bracket',
  losers: 'Losers’ bracket',
  final: 'Grand final',
  pool: 'Pool',
  knockout: 'Knockout',
};

interface Section {
  id: string;
  title: string;
  rounds: { round: number; title: string; matches: TournamentMatch[] }[];
}

function roundTitle(stage: TournamentMatch['stage'], round: number, lastRound: number): string {
  if (stage === 'final') return 'Grand final';
  if (stage === 'pool') return `Round ${round}`;
  if (stage !== 'losers' && round === lastRound) return 'Final';
  if (stage !== 'losers' && round === lastRound - 1) return 'Semifinals';
  return `Round ${round}`;
}

/** Matches grouped as they are drawn: a section per stage (a pool each), a column per round. */
export function bracketSections(matches: readonly TournamentMatch[], doubleElimination: boolean): Section[] {
  const sections = new Map<string, Section>();
  for (const match of matches) {
    const id = match.stage === 'pool' ? `pool-${match.pool}` : match.stage;
    const title =
      match.stage === 'pool'
        ? `Pool ${match.pool}`
        : match.stage === 'winners' && doubleElimination
          ? 'Winners’ bracket'
          : stageTitles[match.stage];
    const section = sections.get(id) ?? { id, title, rounds: [] };
    sections.set(id, section);
    let round = section.rounds.find((candidate) => candidate.round === match.round);
    if (!round) {
      round = { round: match.round, title: '', matches: [] };
      section.rounds.push(round);
    }
    round.matches.push(match);
  }
  return [...sections.values()].map((section) => {
    const rounds = [...section.rounds].sort((a, b) => a.round - b.round);
    const stage = section.rounds[0]!.matches[0]!.stage;
    const lastRound = rounds.at(-1)!.round;
    return {
      ...section,
      rounds: rounds.map((round) => ({
        ...round,
        title: roundTitle(stage, round.round, lastRound),
        matches: [...round.matches].sort((a, b) => a.position - b.position),
      })),
    };
  });
}

/**
 * The bracket, drawn as columns of rounds that scroll sideways within their section, so each
 * match card stays readable on a 375 px phone (decision 050); matches of a round are centred
 * against the round before.
 */
export function BracketView({
  matches,
  doubleElimination,
  onScore,
}: {
  matches: readonly TournamentMatch[];
  doubleElimination: boolean;
  onScore: (match: TournamentMatch) => void;
}) {
  return (
    <Stack gap="lg">
      {bracketSections(matches, doubleElimination).map((section) => (
        <section key={section.id} aria-labelledby={`bracket-${section.id}`}>
          <Title order={3} size="h4" id={`bracket-${section.id}`} mb="xs">
            {section.title}
          </Title>
          <ScrollArea type="auto" offsetScrollbars>
            <div style={{ display: 'flex', gap: 'var(--mantine-spacing-md)', alignItems: 'stretch' }}>
              {section.rounds.map((round) => (
                <div
                  key={round.round}
                  role="group"
                  aria-label={`${section.title}, ${round.title}`}
                  style={{ width: 220, flex: '0 0 220px', display: 'flex', flexDirection: 'column' }}
                >
                  <Text size="sm" fw={600} mb={6}>
                    {round.title}
                  </Text>
                  <div
                    style={{
                      display: 'flex',
                      flexDirection: 'column',
                      justifyContent: 'space-around',
                      gap: 'var(--mantine-spacing-sm)',
                      flex: 1,
                    }}
                  >
                    {round.matches.map((match) => (
                      <MatchCard key={match.id} match={match} onScore={onScore} />
                    ))}
                  </div>
                </div>
              ))}
            </div>
          </ScrollArea>
        </section>
      ))}
    </Stack>
  );
}
