import { describeMatrix } from './matrix.ts';
import { eventRows } from './events.rows.ts';

describeMatrix('authorization matrix: events', eventRows);
