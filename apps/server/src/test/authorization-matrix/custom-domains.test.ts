import { customDomainRows } from './custom-domains.rows.ts';
import { describeMatrix } from './matrix.ts';

describeMatrix('authorization matrix: custom domains', customDomainRows);
