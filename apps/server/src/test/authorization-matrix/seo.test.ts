import { describeMatrix } from './matrix.ts';
import { seoRows } from './seo.rows.ts';

describeMatrix('authorization matrix: search engines and link previews', seoRows);
