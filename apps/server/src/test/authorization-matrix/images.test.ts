import { imageRows } from './images.rows.ts';
import { describeMatrix } from './matrix.ts';

describeMatrix('authorization matrix: images', imageRows);
