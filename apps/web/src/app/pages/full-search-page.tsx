import { Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { isSearchable, useFullSearch } from '../../features/discovery/api/full-search.ts';
import { FullSearchForm } from '../../features/discovery/components/full-search-form.tsx';
import { FullSearchResults } from '../../features/discovery/components/full-search-results.tsx';
import { ResultsError, ResultsLoading } from '../../features/discovery/components/results-states.tsx';

/** full-search (spec §2): one box finding events, teams, places and players; ?q= holds the text. */
export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim();
  const search = useFullSearch(q);

  let results;
  if (!q) results = null;
  else if (!isSearchable(q)) results = <Text c="dimmed">Type at least 2 characters.</Text>;
  else if (search.isPending) results = <ResultsLoading label="Searching" />;
  else if (search.isError)
    results = <ResultsError message="The search failed." onRetry={() => void search.refetch()} />;
  else results = <FullSearchResults q={q} results={search.data} />;

  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>Search</Title>
      {/* Keyed by the text: a new search from the header refills the box. */}
      <FullSearchForm key={q} initial={q} onSearch={(text) => setSearchParams(text ? { q: text } : {})} />
      {results}
    </Stack>
  );
}
