/**
 * `text` without the slashes it ends with. A loop from the end, not `/\/+$/`: that pattern tries
 * every run of slashes from each of its positions, quadratic in a long run not at the end.
 */
export function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 47 /* / */) end--;
  return text.slice(0, end);
}
