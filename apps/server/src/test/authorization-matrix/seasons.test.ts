import { describeMatrix } from './matrix.ts';
import { seasonRows } from './seasons.rows.ts';

describeMatrix('authorization matrix: seasons', seasonRows);
