import { formEndpoints, type SaveFormBody } from '@huddle/shared/forms';
import { apiRequest } from '../../../lib/api-client.ts';

/** The builder's autosave: the whole draft with the version it was based on (409 when stale). */
export function saveForm(formId: string, body: SaveFormBody) {
  return apiRequest(formEndpoints.save, { params: { formId }, body });
}
