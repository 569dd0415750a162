import { snackbarMs } from '@huddle/shared/limits';
import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';

/**
 * The one place notifications appear (spec §9: snackbars stay 5000 ms unless said). On phones
 * at the top (issue 11): at the bottom they covered the sticky bar with the button they were about.
 */
export default function NotificationsView() {
  const phone = useMediaQuery(`(max-width: ${em(991)})`, undefined, { getInitialValueInEffect: false });
  return <Notifications autoClose={snackbarMs.default} position={phone ? 'top-center' : 'bottom-center'} />;
}
