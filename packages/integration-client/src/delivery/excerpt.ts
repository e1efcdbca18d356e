/** How many characters of a response body an error or result keeps. */
const RESPONSE_BODY_EXCERPT_CHARS = 1024;

/** The first `max` characters of `text`, marked when cut. */
export function excerpt(text: string, max = RESPONSE_BODY_EXCERPT_CHARS): string {
  if (text.length <= max) return text;
  let end = max;
  // Do not cut a surrogate pair in half.
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}… [truncated, ${text.length} characters in all]`;
}
