/**
 * Summarises a V8 `.cpuprofile` (from `node --cpu-prof`): where the samples fall by area of the
 * code (engine, query DSL, host, Fastify, ...), the top functions by self time, and the inclusive
 * time of the functions named with `--inclusive`.
 *
 *   pnpm exec tsx bench/profile-summary.ts <file.cpuprofile> [--top 20] [--inclusive name,name] [--from-ms N]
 *
 * `--from-ms N` skips the first N ms of the profile (start-up, data, checks): `pnpm bench` prints
 * when its load phase starts.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** First match wins: the area a frame's file belongs to. */
const AREAS: ReadonlyArray<readonly [string, RegExp]> = [
  ['engine (mongo-memory)', /packages\/mongo-memory\/src\//u],
  ['mingo (engine expressions)', /node_modules\/.*mingo/u],
  ['query DSL (parse, validate, plan, to-mongo)', /packages\/query-dsl\/src\//u],
  ['host (apps/api/src)', /apps\/api\/src\//u],
  ['hand-written route (bench)', /apps\/api\/bench\/hand-written/u],
  ['bson', /node_modules\/.*bson/u],
  ['fastify and plugins', /node_modules\/.*(fastify|find-my-way|light-my-request|avvio|pino|ajv)/u],
  ['autocannon', /node_modules\/.*autocannon/u],
  ['other node_modules', /node_modules\//u],
  ['node internals', /^node:/u],
];

function areaOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collector';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'program (V8, native)';
    return `native: ${functionName || '(anonymous)'}`;
  }
  for (const [name, pattern] of AREAS) if (pattern.test(url)) return name;
  return 'other';
}

function shortUrl(url: string): string {
  return url
    .replace(/^file:\/\//u, '')
    .replace(/^.*\/node_modules\/\.pnpm\/[^/]+\/node_modules\//u, '')
    .replace(/^.*\/work\/main\//u, '');
}

function main(): void {
  const args = process.argv.slice(2);
  const file = args.find((arg) => !arg.startsWith('--'));
  if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [--top N] [--inclusive a,b]');
  const option = (name: string) => {
    const index = args.indexOf(name);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const top = Number(option('--top') ?? 20);
  const inclusiveNames = (option('--inclusive') ?? '').split(',').filter(Boolean);
  const fromUs = Number(option('--from-ms') ?? 0) * 1000;

  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  // Sample times from the deltas; samples before --from-ms get weight 0.
  const weights: number[] = [];
  let clock = 0;
  for (const delta of profile.timeDeltas) {
    clock += delta;
    weights.push(clock >= fromUs ? delta : 0);
  }
  const self = new Map<number, number>();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, index) => {
    const delta = weights[index] ?? 0;
    self.set(id, (self.get(id) ?? 0) + delta);
    total += delta;
    if (byId.get(id)?.callFrame.functionName === '(idle)') idle += delta;
  });
  const busy = total - idle;
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1)}%`;
  const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`;

  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of self) {
    const node = byId.get(id)!;
    const area = areaOf(node);
    if (area === 'idle') continue;
    areas.set(area, (areas.get(area) ?? 0) + us);
    const { functionName, url, lineNumber } = node.callFrame;
    const key = url ? `${functionName || '(anonymous)'}  ${shortUrl(url)}:${lineNumber + 1}` : area;
    functions.set(key, (functions.get(key) ?? 0) + us);
  }

  const from = fromUs > 0 ? ` from ${fromUs / 1000} ms on` : '';
  console.log(
    `${file}${from}\n  busy ${ms(busy)} of ${ms(total)} sampled (idle ${ms(idle)}); percentages of busy time\n`,
  );
  console.log('self time by area:');
  for (const [area, us] of [...areas].sort((a, b) => b[1] - a[1]).filter(([, us]) => us >= busy / 500))
    console.log(`  ${pct(us).padStart(6)}  ${ms(us).padStart(8)}  ${area}`);
  console.log(`\ntop ${top} functions by self time:`);
  for (const [key, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${pct(us).padStart(6)}  ${key}`);

  if (inclusiveNames.length > 0) {
    // A sample counts once for a name, however often the name recurs on its stack.
    const inclusive = new Map<string, number>(inclusiveNames.map((name) => [name, 0]));
    profile.samples.forEach((id, index) => {
      const delta = weights[index] ?? 0;
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const name = byId.get(at)!.callFrame.functionName;
        if (inclusive.has(name) && !seen.has(name)) {
          seen.add(name);
          inclusive.set(name, inclusive.get(name)! + delta);
        }
      }
    });
    console.log('\ninclusive time (the function and everything it calls):');
    for (const [name, us] of inclusive)
      console.log(`  ${pct(us).padStart(6)}  ${ms(us).padStart(8)}  ${name}`);
  }
}

main();
