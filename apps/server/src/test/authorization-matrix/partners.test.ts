import { describeMatrix } from './matrix.ts';
import { partnerRows } from './partners.rows.ts';

describeMatrix('authorization matrix: partners', partnerRows);
