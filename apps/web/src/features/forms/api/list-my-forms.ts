import { formEndpoints } from '@huddle/shared/forms';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formKeys } from './form-query-keys.ts';

export function listMyForms() {
  return apiRequest(formEndpoints.listMine);
}

export function useMyForms() {
  return useQuery({ queryKey: formKeys.mine, queryFn: listMyForms });
}
