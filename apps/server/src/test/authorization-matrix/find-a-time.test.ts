import { describeMatrix } from './matrix.ts';
import { findATimeRows } from './find-a-time.rows.ts';

describeMatrix('authorization matrix: find-a-time', findATimeRows);
