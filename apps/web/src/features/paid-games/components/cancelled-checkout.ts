import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useCancelCheckout } from '../api/cancel-checkout.ts';

/**
 * Checkout's Cancel comes back to the event with ?cancelledPayment=<id>: the Checkout is ended
 * and the held spot released (decision 033), then the parameter leaves the address.
 */
export function useCancelledCheckoutReturn(onReleased: () => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const paymentId = searchParams.get('cancelledPayment');
  const cancel = useCancelCheckout();
  const handled = useRef<string | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!paymentId || handled.current === paymentId) return;
    handled.current = paymentId;
    cancel.mutate(paymentId, {
      onSuccess: ({ payment }) => {
        if (payment.status === 'expired') notifications.show({ message: 'Payment cancelled: the spot was released.' });
      },
      onSettled: () => {
        onReleased();
        void queryClient.invalidateQueries({ queryKey: ['paid-games'] });
        setSearchParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('cancelledPayment');
            return next;
          },
          { replace: true },
        );
      },
    });
  }, [paymentId, cancel, onReleased, queryClient, setSearchParams]);
}
