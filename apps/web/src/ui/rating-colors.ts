/** CII rating colours, A to E (green to red): one palette for every gauge, tag and chart that shows a rating. */
export const RATING_COLORS = {
  A: '#2fbf71',
  B: '#8bd346',
  C: '#f2c94c',
  D: '#f2994a',
  E: '#eb5757',
} as const;

export type RatingLetter = keyof typeof RATING_COLORS;
