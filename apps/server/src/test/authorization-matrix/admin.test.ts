import { adminRows } from './admin.rows.ts';
import { describeMatrix } from './matrix.ts';

describeMatrix('authorization matrix: admin', adminRows);
