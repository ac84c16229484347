/** Query keys of the fouling page. */
export const foulingKeys = {
  all: ['fouling'] as const,
  report: (months: number) => ['fouling', 'report', months] as const,
};
