import { Chip, Group, SimpleGrid, Text } from '@mantine/core';
import { useId } from 'react';

interface ChoiceChipsProps<T extends string> {
  /** The question the choices answer ("Sort"): shown before them, or only read out when `labelHidden`. */
  label: string;
  labelHidden?: boolean;
  value: T;
  choices: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  /** The choices share the whole width (a phone's List/Map switch). */
  fullWidth?: boolean;
  /** Many choices (a category's subcategories) wrap onto more lines instead of one row. */
  wrap?: boolean;
  variant?: 'filled' | 'outline' | 'light';
}

/**
 * One choice of a few, as chips: a radio group under the hood (one name, so arrow keys move
 * between them). Used where Mantine's SegmentedControl would do: its floating indicator measures
 * the page in a layout effect, which cost discover's first render ~20 ms of forced layout on a
 * fast machine (issue 11, decision 021).
 */
export function ChoiceChips<T extends string>({
  label,
  labelHidden,
  value,
  choices,
  onChange,
  fullWidth,
  wrap,
  variant,
}: ChoiceChipsProps<T>) {
  const id = useId();
  const chips = choices.map((choice) => (
    <Chip
      key={choice.value}
      value={choice.value}
      name={id}
      size="sm"
      variant={variant}
      styles={fullWidth ? { root: { width: '100%' }, label: { width: '100%', justifyContent: 'center' } } : undefined}
    >
      {choice.label}
    </Chip>
  ));
  return (
    <Group
      gap="xs"
      wrap={wrap ? 'wrap' : 'nowrap'}
      role="radiogroup"
      aria-labelledby={labelHidden ? undefined : `${id}-label`}
      aria-label={labelHidden ? label : undefined}
    >
      {labelHidden ? null : (
        <Text size="sm" fw={500} id={`${id}-label`}>
          {label}
        </Text>
      )}
      <Chip.Group value={value} onChange={(next) => onChange(next as T)}>
        {fullWidth ? (
          <SimpleGrid cols={choices.length} spacing="xs" style={{ flex: 1 }}>
            {chips}
          </SimpleGrid>
        ) : (
          chips
        )}
      </Chip.Group>
    </Group>
  );
}
