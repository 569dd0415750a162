/**
 * Spec §4 "Payment return": the query parameters Checkout's return carries. They are read once and
 * cleared from the address (a reload or a shared link does not replay them); `code` stays, being
 * the payment provider's authorization code of a Connect return.
 */
export const paymentReturnParams = ['redirect_status', 'session_id', 'payment_intent', 'payment_intent_client_secret'];

export interface PaymentReturn {
  succeeded: boolean;
  sessionId: string | null;
  /** The address's query without the payment parameters ('' or '?code=…'). */
  cleanedSearch: string;
}

export function readPaymentReturn(search: string): PaymentReturn {
  const params = new URLSearchParams(search);
  const succeeded = params.get('redirect_status') === 'succeeded';
  const sessionId = params.get('session_id');
  for (const name of paymentReturnParams) params.delete(name);
  const rest = params.toString();
  return { succeeded, sessionId: sessionId || null, cleanedSearch: rest ? `?${rest}` : '' };
}
