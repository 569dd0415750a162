import { describeMatrix } from './matrix.ts';
import { paymentRows } from './payments.rows.ts';

describeMatrix('authorization matrix: payments', paymentRows);
