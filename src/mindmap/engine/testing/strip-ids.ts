/** Our restore step gives id-less nodes fresh ids (kityminder leaves them without); strip them to compare with fixtures. */
export function stripIds(km: string): string {
  return km.replace(/"id":"[0-9a-z]+",?/g, '');
}
