/** Plain code-unit order: the same on every machine and in every locale, unlike `localeCompare`. */
export function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
