import { describeMatrix } from './matrix.ts';
import { subscriptionRows } from './subscriptions.rows.ts';

describeMatrix('authorization matrix: subscriptions', subscriptionRows);
