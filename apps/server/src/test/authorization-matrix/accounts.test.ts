import { describeMatrix } from './matrix.ts';
import { accountRows } from './accounts.rows.ts';

describeMatrix('authorization matrix: accounts', accountRows);
