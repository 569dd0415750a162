import { describeMatrix } from './matrix.ts';
import { passkeyRows } from './passkeys.rows.ts';

describeMatrix('authorization matrix: passkeys', passkeyRows);
