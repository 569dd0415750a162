import { describeMatrix } from './matrix.ts';
import { teamRows } from './teams.rows.ts';

describeMatrix('authorization matrix: teams', teamRows);
