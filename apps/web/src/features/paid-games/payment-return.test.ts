import { describe, expect, it } from 'vitest';
import { readPaymentReturn } from './payment-return.ts';

describe('the payment return (spec §4)', () => {
  it('reads the success and the session, and clears the payment parameters', () => {
    expect(readPaymentReturn('?redirect_status=succeeded&session_id=cs_test_1')).toEqual({
      succeeded: true,
      sessionId: 'cs_test_1',
      cleanedSearch: '',
    });
  });

  it('keeps code, the payment provider authorization code', () => {
    const read = readPaymentReturn('?code=ac_1&redirect_status=succeeded&payment_intent=pi_1&session_id=cs_2');
    expect(read.cleanedSearch).toBe('?code=ac_1');
    expect(read.sessionId).toBe('cs_2');
  });

  it('anything but succeeded is no success', () => {
    expect(readPaymentReturn('?redirect_status=failed').succeeded).toBe(false);
    expect(readPaymentReturn('').sessionId).toBeNull();
  });
});
