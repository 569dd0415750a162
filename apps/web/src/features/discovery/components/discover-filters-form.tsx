import { skillLevels } from '@huddle/shared/events';
import { eventGenderLabels } from '@huddle/shared/genders';
import { Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useId } from 'react';
import { ChoiceChips } from '../../../components/ui/choice-chips.tsx';
import { useDistanceUnit } from '../../../lib/distance-unit.tsx';
import {
  activeFilterCount,
  clearedFilters,
  dateRangeError,
  distanceChoices,
  discoverGenders,
  type DiscoverFilters,
  type DistanceChoice,
} from '../discover-filters.ts';
import classes from './discover-filters-form.module.css';

const skillLabels: Record<(typeof skillLevels)[number], string> = {
  all: 'All levels welcome',
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};

const distanceLabel = (choice: DistanceChoice, unit: string) =>
  choice === 'any' ? 'Any distance' : choice === 'map' ? 'Map area' : `Within ${choice} ${unit}`;

const sortChoices = [
  { value: 'soonest', label: 'Soonest' },
  { value: 'nearest', label: 'Nearest' },
] as const;

/** The order of the list: visible on phones too, where the filters fold away. */
function SortControl({
  value,
  onChange,
}: {
  value: DiscoverFilters['sort'];
  onChange: (sort: DiscoverFilters['sort']) => void;
}) {
  return <ChoiceChips label="Sort" value={value} onChange={onChange} choices={sortChoices} />;
}

interface DiscoverFiltersFormProps {
  filters: DiscoverFilters;
  onChange: (filters: DiscoverFilters) => void;
  gameTypes: string[];
  /** "your city" or "the map centre": where distances are measured from. */
  distanceFrom: string;
}

/** Filters of the events list (issue 5): game type, dates, distance, price, skill. */
export function DiscoverFiltersForm({ filters, onChange, gameTypes, distanceFrom }: DiscoverFiltersFormProps) {
  const [opened, { toggle }] = useDisclosure(false);
  const panelId = useId();
  const unit = useDistanceUnit();
  const set = <K extends keyof DiscoverFilters>(key: K, value: DiscoverFilters[K]) =>
    onChange({ ...filters, [key]: value });
  const active = activeFilterCount(filters);

  const fields = (
    // Columns follow the room the form has (the signed-out frame is narrower than the shell).
    <SimpleGrid type="container" cols={{ base: 2, '540px': 4, '1100px': 7 }} spacing="sm" verticalSpacing="xs">
      <NativeSelect
        label="Game type"
        value={filters.gameType ?? ''}
        onChange={(event) => set('gameType', event.currentTarget.value || null)}
        data={[{ value: '', label: 'Any game' }, ...gameTypes.map((label) => ({ value: label, label }))]}
      />
      <TextInput
        type="date"
        label="From"
        value={filters.from ?? ''}
        onChange={(event) => set('from', event.currentTarget.value || null)}
      />
      <TextInput
        type="date"
        label="To"
        value={filters.to ?? ''}
        min={filters.from ?? undefined}
        onChange={(event) => set('to', event.currentTarget.value || null)}
        error={dateRangeError(filters)}
      />
      <NativeSelect
        label="Distance"
        description={filters.distance === 'map' ? 'What the map shows' : `From ${distanceFrom}`}
        // Below the box, so the boxes of the row line up.
        inputWrapperOrder={['label', 'input', 'description']}
        value={filters.distance}
        onChange={(event) => set('distance', event.currentTarget.value as DistanceChoice)}
        data={distanceChoices.map((choice) => ({ value: choice, label: distanceLabel(choice, unit) }))}
      />
      <NativeSelect
        label="Price"
        value={filters.price ?? ''}
        onChange={(event) => set('price', (event.currentTarget.value || null) as DiscoverFilters['price'])}
        data={[
          { value: '', label: 'Free or paid' },
          { value: 'free', label: 'Free' },
          { value: 'paid', label: 'Paid' },
        ]}
      />
      <NativeSelect
        label="Skill level"
        value={filters.skillLevel ?? ''}
        onChange={(event) => set('skillLevel', (event.currentTarget.value || null) as DiscoverFilters['skillLevel'])}
        data={[
          { value: '', label: 'Any level' },
          ...skillLevels.map((level) => ({ value: level, label: skillLabels[level] })),
        ]}
      />
      <NativeSelect
        label="Gender"
        value={filters.gender ?? ''}
        onChange={(event) => set('gender', (event.currentTarget.value || null) as DiscoverFilters['gender'])}
        data={[
          { value: '', label: 'Any' },
          // Open games ('Any') stay in the list whichever group is chosen.
          ...discoverGenders.map((gender) => ({ value: gender, label: eventGenderLabels[gender] })),
        ]}
      />
    </SimpleGrid>
  );

  const clear =
    active > 0 ? (
      <Button variant="subtle" size="compact-sm" onClick={() => onChange(clearedFilters(filters))}>
        Clear filters
      </Button>
    ) : null;

  const sort = <SortControl value={filters.sort} onChange={(next) => set('sort', next)} />;

  // One tree on every screen (issue 33: rendered on the server): on a phone the fields fold away
  // behind the Filters button, above them; elsewhere they show, the button hidden (CSS).
  return (
    <section aria-label="Filters" className={classes.form} data-opened={opened}>
      <div id={panelId} className={classes.fields}>
        {fields}
      </div>
      <Group justify="space-between" gap="xs" className={classes.bar}>
        {sort}
        <Button
          variant="default"
          size="compact-md"
          className={classes.toggle}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          onClick={toggle}
          aria-expanded={opened}
          aria-controls={panelId}
        >
          {active > 0 ? `Filters (${active})` : 'Filters'}
        </Button>
        {clear}
      </Group>
    </section>
  );
}
