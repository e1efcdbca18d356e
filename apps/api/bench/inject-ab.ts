/**
 * The same cases without sockets or a load generator: `app.inject()` one request at a time,
 * host and hand-written interleaved request by request (ABBA order), so both see the same machine
 * state. Reports CPU time per request (`process.cpuUsage`, every thread of the process) and the
 * ratio hand/host. A cross-check for `pnpm bench` when other processes make wall-clock numbers noisy.
 *
 *   pnpm exec tsx --conditions=@school/source bench/inject-ab.ts   (BENCH_AB_N requests per side, default 60)
 */
import { describeData, headersFor, markdownTable, selectedCases, setUp, type Target } from './setup.js';

const N = Number(process.env.BENCH_AB_N ?? 60);
const WARMUP = 10;

async function main(): Promise<void> {
  const bench = await setUp();
  console.log(describeData(bench));
  console.log(`app.inject, ${N} requests per server per case after ${WARMUP} warm-up each, interleaved\n`);
  const rows: string[][] = [];
  for (const c of selectedCases()) {
    const request = { method: 'GET' as const, url: `/api/students?${c.query}`, headers: headersFor(c) };
    const once = async (target: Target) => {
      const response = await bench.apps[target].inject(request);
      if (response.statusCode !== 200) throw new Error(`${c.name} / ${target}: ${response.body}`);
    };
    for (let i = 0; i < WARMUP; i++) for (const target of ['host', 'hand'] as const) await once(target);
    const cpu: Record<Target, number> = { host: 0, hand: 0 };
    for (let i = 0; i < N; i++) {
      const order: Target[] = i % 2 === 0 ? ['host', 'hand'] : ['hand', 'host'];
      for (const target of order) {
        const before = process.cpuUsage();
        await once(target);
        const used = process.cpuUsage(before);
        cpu[target] += (used.user + used.system) / 1000;
      }
    }
    const ratio = cpu.hand / cpu.host;
    rows.push([
      c.name,
      (cpu.host / N).toFixed(2),
      (cpu.hand / N).toFixed(2),
      `${ratio.toFixed(2)}${ratio < 0.8 ? ' ⚠' : ''}`,
    ]);
    console.log(`  ${c.name}: host ${(cpu.host / N).toFixed(2)} ms, hand ${(cpu.hand / N).toFixed(2)} ms`);
  }
  await bench.close();
  console.log(
    `\n${markdownTable(['case', 'host CPU ms/req', 'hand CPU ms/req', 'ratio hand/host (≈ host/hand req/s)'], rows)}`,
  );
}

await main();
