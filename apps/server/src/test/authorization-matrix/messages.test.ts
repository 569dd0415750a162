import { describeMatrix } from './matrix.ts';
import { messageRows } from './messages.rows.ts';

describeMatrix('authorization matrix: messages', messageRows);
