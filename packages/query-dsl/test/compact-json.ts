/** JSON with small objects and arrays on one line, as the README's examples are written. */
export function compactJson(value: unknown, indent = '', width = 100): string {
  const flat = JSON.stringify(value);
  if (flat === undefined) return 'null';
  if (flat.length + indent.length <= width || value === null || typeof value !== 'object') {
    return flat.replace(/":/g, '": ').replace(/,"/g, ', "').replace(/,\{/g, ', {').replace(/,\[/g, ', [');
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    return `[\n${value.map((item) => inner + compactJson(item, inner, width)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([key, item]) => `${inner}${JSON.stringify(key)}: ${compactJson(item, inner, width)}`,
  );
  return `{\n${entries.join(',\n')}\n${indent}}`;
}
