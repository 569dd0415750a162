import { teamEndpoints } from '@huddle/shared/teams';
import { apiRequest } from '../../../lib/api-client.ts';

/** Spec §4: leaving the create flow on steps 2-6 asks the server for the motivation mail. */
export function sendCreateMotivationMail() {
  return apiRequest(teamEndpoints.sendMailRequest, { body: { template: 'team-create-motivation-notification' } });
}
