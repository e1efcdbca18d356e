/** One-line JSON with a space after `:` and `,`: `{ "type": "string", "minLength": 1 }`. */
function oneLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${oneLine(item)}`);
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * JSON with two-space indentation, where any object or array that fits on its line within `width`
 * characters stays on one line (how the docs print the JSON Schemas).
 */
export function compactJson(value: unknown, width = 100, indent = '', prefix = 0): string {
  const flat = oneLine(value);
  if (typeof value !== 'object' || value === null || indent.length + prefix + flat.length <= width)
    return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    return `[\n${value.map((item) => inner + compactJson(item, width, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value).map(([key, item]) => {
    const name = JSON.stringify(key);
    return `${inner}${name}: ${compactJson(item, width, inner, name.length + 2)}`;
  });
  return `{\n${entries.join(',\n')}\n${indent}}`;
}
