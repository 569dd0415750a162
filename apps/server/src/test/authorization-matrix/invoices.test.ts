import { describeMatrix } from './matrix.ts';
import { invoiceRows } from './invoices.rows.ts';

describeMatrix('authorization matrix: invoices and transactions', invoiceRows);
