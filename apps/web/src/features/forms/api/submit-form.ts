import { formEndpoints, type SubmitFormBody } from '@huddle/shared/forms';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function submitForm({ formId, body }: { formId: string; body: SubmitFormBody }) {
  return apiRequest(formEndpoints.submit, { params: { formId }, body });
}

export function useSubmitForm() {
  return useMutation({ mutationFn: submitForm });
}
