import type { CiiBoundariesDto } from '@ecohelm/contracts';
import { RATING_COLORS } from '../../ui/rating-colors';

/** The four rating boundaries of a year, named by the ratings they part, each with the colour of its line. */
export const CII_BOUNDARIES: readonly { name: string; key: keyof CiiBoundariesDto; color: string }[] = [
  { name: 'A/B', key: 'superior', color: RATING_COLORS.A },
  { name: 'B/C', key: 'lower', color: RATING_COLORS.B },
  { name: 'C/D', key: 'upper', color: RATING_COLORS.D },
  { name: 'D/E', key: 'inferior', color: RATING_COLORS.E },
];
