import { snackbarMs } from '@huddle/shared/limits';
import { Notifications } from '@mantine/notifications';

/** The one place notifications appear (spec §9: snackbars stay 5000 ms unless said). */
export default function NotificationsView() {
  return <Notifications autoClose={snackbarMs.default} position="bottom-center" />;
}
