import { passkeyEndpoints } from '@huddle/shared/passkeys';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { promptErrorOf } from '../../../lib/passkey-prompt.ts';
import { passkeysQueryKey } from './list-passkeys.ts';

/**
 * Adds a passkey (decision 078): the server's options, the browser's prompt to create one (the
 * device asks for its PIN, fingerprint or face), then the server's check of the answer. A prompt
 * that fails throws a PasskeyPromptError; the server's refusals an ApiError.
 */
export async function addPasskey({ name }: { name: string }) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const { challengeId, options } = await apiRequest(passkeyEndpoints.registrationOptions);
  let response;
  try {
    response = await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
  } catch (error) {
    throw promptErrorOf(error) ?? error;
  }
  return apiRequest(passkeyEndpoints.add, { body: { challengeId, name, response } });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
