import { describeMatrix } from './matrix.ts';
import { substituteRows } from './substitutes.rows.ts';

describeMatrix('authorization matrix: substitutes', substituteRows);
