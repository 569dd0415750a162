import { describeMatrix } from './matrix.ts';
import { tournamentRows } from './tournaments.rows.ts';

describeMatrix('authorization matrix: tournaments', tournamentRows);
