/**
 * A predicted recall as a percentage for the student: never 100 % while anything may be forgotten
 * (a map with a few topics due predicted 99.6 %, which rounded to 100 % beside 4 topics due).
 */
export const recallPercent = (x: number) => `${Math.min(Math.round(x * 100), x < 1 ? 99 : 100)}%`;
