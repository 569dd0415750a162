import type { TeamDetail } from '@huddle/shared/teams';
import { useMutation } from '@tanstack/react-query';
import { fetchReply } from '../../../lib/api-client.ts';
import { useSetTeam } from './get-team.ts';

/** Multipart, so not through apiRequest; the server checked the reply against its schema, as for every reply. */
export async function uploadTeamPhoto({ teamId, file }: { teamId: string; file: File }) {
  const form = new FormData();
  form.append('photo', file);
  return (await fetchReply(`/api/teams/${encodeURIComponent(teamId)}/photo`, {
    method: 'POST',
    body: form,
  })) as TeamDetail;
}

export function useUploadTeamPhoto() {
  const setTeam = useSetTeam();
  return useMutation({ mutationFn: uploadTeamPhoto, onSuccess: setTeam });
}
