import GithubSlugger from 'github-slugger';

/** The text with fenced code blocks and inline code spans blanked out: links there are not links. */
function withoutCode(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/(`+)[^`\n][\s\S]*?\1/g, (span) => span.replace(/[^\n]/g, ' '));
}

/** A link of a Markdown page: its target as written, and the line it is on. */
export interface Link {
  target: string;
  line: number;
}

/** Every link target of a page: inline links and images, reference definitions, HTML href/src. */
export function links(markdown: string): Link[] {
  const text = withoutCode(markdown);
  const found: Link[] = [];
  const patterns = [
    /!?\[(?:[^\]\n]|\][^(\n])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
    /^ {0,3}\[[^\]\n]+\]:\s*<?(\S+?)>?(?:\s|$)/gm,
    /\b(?:href|src)="([^"]+)"/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      found.push({ target: match[1]!, line: text.slice(0, match.index).split('\n').length });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** The anchors a page offers: GitHub's slug of every heading, and explicit `id`/`name` anchors. */
export function anchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const text = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  const found = new Set<string>();
  for (const [, heading] of text.matchAll(/^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/gm)) {
    const plain = heading!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/`/g, '')
      .replace(/\*\*/g, '');
    found.add(slugger.slug(plain));
  }
  for (const [, id] of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) found.add(id!);
  return found;
}
