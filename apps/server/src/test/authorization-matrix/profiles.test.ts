import { describeMatrix } from './matrix.ts';
import { profileRows } from './profiles.rows.ts';

describeMatrix('authorization matrix: profiles', profileRows);
