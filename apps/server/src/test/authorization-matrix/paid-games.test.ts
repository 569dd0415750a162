import { describeMatrix } from './matrix.ts';
import { paidGameRows } from './paid-games.rows.ts';

describeMatrix('authorization matrix: paid games', paidGameRows);
