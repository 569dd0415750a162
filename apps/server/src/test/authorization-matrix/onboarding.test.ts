import { describeMatrix } from './matrix.ts';
import { onboardingRows } from './onboarding.rows.ts';

describeMatrix('authorization matrix: onboarding', onboardingRows);
