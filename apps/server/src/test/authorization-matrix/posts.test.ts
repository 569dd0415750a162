import { describeMatrix } from './matrix.ts';
import { postRows } from './posts.rows.ts';

describeMatrix('authorization matrix: posts', postRows);
