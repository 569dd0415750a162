import { describeMatrix } from './matrix.ts';
import { quizRows } from './quizzes.rows.ts';

describeMatrix('authorization matrix: quizzes', quizRows);
