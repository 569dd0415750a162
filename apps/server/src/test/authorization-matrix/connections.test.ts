import { connectionRows } from './connections.rows.ts';
import { describeMatrix } from './matrix.ts';

describeMatrix('authorization matrix: connections', connectionRows);
