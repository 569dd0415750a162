import { Alert } from '@mantine/core';
import { usePaymentsMode } from '../api/get-payments-mode.ts';

/** Decision 029: with the built-in provider, every payment screen says no real money moves. */
export function TestPaymentsNotice() {
  const { data: mode } = usePaymentsMode();
  if (mode !== 'local') return null;
  return (
    // The text colour on the tint: yellow's own title colour falls below 4.5:1 (axe).
    <Alert
      color="yellow"
      variant="light"
      title="Test payments"
      role="note"
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      Payments on this Huddle go through its built-in test provider: no card is charged and no money is paid out.
    </Alert>
  );
}
