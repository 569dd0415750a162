import { quizEndpoints, type QuizAnswers, type QuizResult } from '@huddle/shared/quizzes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const myQuizResultsKey = ['me', 'quiz-results'] as const;

export function myQuizResultsQueryOptions() {
  return queryOptions({
    queryKey: myQuizResultsKey,
    queryFn: async () => (await apiRequest(quizEndpoints.myResults)).results,
  });
}

/** The signed-in person's saved levels (one per sport); not asked for signed out. */
export function useMyQuizResults(enabled: boolean) {
  return useQuery({ ...myQuizResultsQueryOptions(), enabled });
}

/** Saves the answers; the server scores them and replaces the earlier level for that sport. */
export function useSaveQuizResult(quizId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: QuizAnswers): Promise<QuizResult> =>
      apiRequest(quizEndpoints.save, { params: { quizId }, body: { answers } }),
    onSuccess: (saved) =>
      queryClient.setQueryData(myQuizResultsKey, (results: QuizResult[] | undefined) => [
        ...(results ?? []).filter((result) => result.quizId !== saved.quizId),
        saved,
      ]),
  });
}
