import { Alert, Chip, Group, Input, Skeleton } from '@mantine/core';
import { useId } from 'react';
import { invalidFieldAttribute } from '../../../lib/focus-first-error.ts';
import { useGameTypes } from '../api/list-game-types.ts';

interface GameChipsProps {
  value: string[];
  onChange: (games: string[]) => void;
  error?: React.ReactNode;
  label?: string;
  description?: string;
  /** Marks the field required (at least one, spec §5). */
  withAsterisk?: boolean;
}

/** Sports and interests as chips, from the server's game types ('Other' first). At least one (spec §5). */
export function GameChips({
  value,
  onChange,
  error,
  label = 'Sports and interests',
  description,
  withAsterisk = false,
}: GameChipsProps) {
  const gameTypes = useGameTypes();
  const labelId = useId();
  const errorId = useId();
  // A game the person picked earlier that the list no longer has still shows, so it can be removed.
  const options = [...(gameTypes.data ?? []), ...value.filter((game) => !gameTypes.data?.includes(game))];

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={description}
      error={error}
      errorProps={{ id: errorId }}
      withAsterisk={withAsterisk}
      // A failed submit focuses the first chip when this is the first field in error.
      {...{ [invalidFieldAttribute]: error ? 'true' : undefined }}
    >
      {gameTypes.isError ? (
        <Alert color="red" variant="light" mt={6}>
          We could not load the list of sports. {gameTypes.error.message}
        </Alert>
      ) : gameTypes.isPending ? (
        <Group gap="xs" mt={6}>
          {[64, 88, 72, 96].map((width) => (
            <Skeleton key={width} h={32} w={width} radius="xl" />
          ))}
        </Group>
      ) : (
        <Group gap="xs" mt={6} role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined}>
          <Chip.Group multiple value={value} onChange={onChange}>
            {options.map((game) => (
              <Chip key={game} value={game} variant="outline">
                {game}
              </Chip>
            ))}
          </Chip.Group>
        </Group>
      )}
    </Input.Wrapper>
  );
}
