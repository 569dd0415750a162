import { describeMatrix } from './matrix.ts';
import { notificationRows } from './notifications.rows.ts';

describeMatrix('authorization matrix: notifications', notificationRows);
