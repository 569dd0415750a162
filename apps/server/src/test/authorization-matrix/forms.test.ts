import { formRows } from './forms.rows.ts';
import { describeMatrix } from './matrix.ts';

describeMatrix('authorization matrix: forms', formRows);
