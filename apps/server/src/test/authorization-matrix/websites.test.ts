import { describeMatrix } from './matrix.ts';
import { websiteRows } from './websites.rows.ts';

describeMatrix('authorization matrix: websites', websiteRows);
