import { describeMatrix } from './matrix.ts';
import { fairTeamRows } from './fair-teams.rows.ts';

describeMatrix('authorization matrix: fair-teams', fairTeamRows);
