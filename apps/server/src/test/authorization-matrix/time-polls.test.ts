import { describeMatrix } from './matrix.ts';
import { timePollRows } from './time-polls.rows.ts';

describeMatrix('authorization matrix: time-polls', timePollRows);
