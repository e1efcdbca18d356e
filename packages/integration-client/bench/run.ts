/**
 * `pnpm bench`: payload + diff throughput, and deliveries per second to a no-op loopback receiver
 * (@school/testkit's fake external system in a child process) next to raw undici requests to the same receiver in the same run (the ceiling).
 */
import {
  buildStudentPayload,
  createIntegrationClient,
  diffPayload,
  generateSigningSecret,
  idempotencyKeyFor,
  toMongoUpdate,
} from '@school/integration-client';
import { startReceiverProcess } from '@school/testkit/external-system';
import { ObjectId } from 'bson';
import { Webhook } from 'standardwebhooks';
import { Bench } from 'tinybench';
import { Agent } from 'undici';
import { createSigner } from '../src/delivery/signing.js';

const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const time = Number(process.env.BENCH_TIME_MS ?? 2000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);

const record = {
  _id: new ObjectId(),
  school: new ObjectId(),
  user: {
    _id: new ObjectId(),
    id_card: '0912345678',
    name: 'Ana',
    second_name: 'María',
    surname: 'Pérez',
    second_surname: 'Loor',
    email: 'ana.perez@colegio.edu.ec',
  },
};
const parentUserIds = [new ObjectId(), new ObjectId()];
const acknowledged = buildStudentPayload(record, { parentUserIds });
const changedRecord = {
  ...record,
  user: { ...record.user, email: 'ana.maria@colegio.edu.ec', second_surname: null },
};
const current = buildStudentPayload(changedRecord, { parentUserIds });

function format(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

const secret = generateSigningSecret();
const sign = createSigner([secret]);
const reference = new Webhook(secret);
const signedAt = new Date(1_700_000_000_000);
const body = JSON.stringify(acknowledged);

async function benchPayloads() {
  const bench = new Bench({ time });
  bench
    .add('buildStudentPayload', () => {
      buildStudentPayload(record, { parentUserIds });
    })
    .add('diffPayload (2 of 7 fields changed)', () => {
      diffPayload(acknowledged, current);
    })
    .add('build + diff + toMongoUpdate', () => {
      const patch = diffPayload(acknowledged, buildStudentPayload(changedRecord, { parentUserIds }));
      if (patch) toMongoUpdate(patch);
    })
    .add('sign a student payload (client signer, node:crypto)', () => {
      sign('create-students-65f0c2a1b4d3e2f1a0b9c801', 1_700_000_000, body);
    })
    .add('sign a student payload (standardwebhooks package)', () => {
      reference.sign('create-students-65f0c2a1b4d3e2f1a0b9c801', signedAt, body);
    });
  await bench.run();
  return bench.tasks.map((task) => {
    const result = task.result as { throughput?: { mean: number } };
    return { task: task.name, 'ops/s': format(result.throughput?.mean ?? 0) };
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function benchDeliveries() {
  const receiver = await startReceiverProcess();
  const rawAgent = new Agent({ connections: concurrency, keepAliveTimeout: 4000 });
  const client = createIntegrationClient({
    baseUrl: receiver.url,
    token: 'bench-token',
    signingSecrets: generateSigningSecret(),
    connections: concurrency,
  });
  const rotating = createIntegrationClient({
    baseUrl: receiver.url,
    token: 'bench-token',
    signingSecrets: [generateSigningSecret(), generateSigningSecret()],
    connections: concurrency,
  });
  const unsigned = createIntegrationClient({ baseUrl: receiver.url, connections: concurrency });
  const patch = diffPayload(acknowledged, buildStudentPayload(changedRecord, { parentUserIds }))!;
  const key = idempotencyKeyFor('students', record._id);
  const check = (result: { outcome: string; error?: unknown }) => {
    if (result.outcome !== 'acknowledged') throw result.error;
  };

  const tasks: [string, () => Promise<unknown>][] = [
    [
      'raw undici request (ceiling)',
      async () => {
        const { body: reply } = await rawAgent.request({
          origin: receiver.url,
          path: '/api/integration/students',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        await reply.text();
      },
    ],
    [
      'client.create, token + signature',
      async () => check(await client.create('students', acknowledged, { idempotencyKey: key })),
    ],
    ['client.update, token + signature', async () => check(await client.update('students', 'ext-1', patch))],
    [
      'client.create, two signatures (rotation)',
      async () => check(await rotating.create('students', acknowledged, { idempotencyKey: key })),
    ],
    [
      'client.create, unsigned',
      async () => check(await unsigned.create('students', acknowledged, { idempotencyKey: key })),
    ],
  ];

  // Rounds alternate the task order and each round compares with the ceiling measured in that round,
  // so that drifting machine load hits every task alike; the table shows medians over the rounds.
  const rates = new Map<string, number[]>(tasks.map(([name]) => [name, []]));
  const ratios = new Map<string, number[]>(tasks.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const bench = new Bench({ time: time / rounds, warmupTime: round === 0 ? 500 : 100 });
    const ordered = round % 2 === 0 ? tasks : [...tasks].reverse();
    for (const [name, send] of ordered) {
      bench.add(name, () => Promise.all(Array.from({ length: concurrency }, send)));
    }
    await bench.run();
    const perSecond = new Map<string, number>();
    for (const task of bench.tasks) {
      const result = task.result as { throughput?: { mean: number }; error?: unknown };
      if (result.error) throw result.error;
      perSecond.set(task.name, (1000 / (task.result as { period: number }).period) * concurrency);
    }
    const ceiling = perSecond.get(tasks[0]![0])!;
    for (const [name, rate] of perSecond) {
      rates.get(name)!.push(rate);
      ratios.get(name)!.push(rate / ceiling);
    }
  }
  await Promise.all([client.close(), rotating.close(), unsigned.close(), rawAgent.close()]);
  receiver.stop();

  return tasks.map(([name]) => ({
    task: name,
    'deliveries/s': format(median(rates.get(name)!)),
    'of ceiling': `${Math.round(median(ratios.get(name)!) * 100)} %`,
  }));
}

function markdown(rows: Record<string, string>[]): string {
  const columns = Object.keys(rows[0] ?? {});
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const body = rows.map((row) => line(columns.map((column) => row[column] ?? '')));
  return [line(columns), line(columns.map(() => '---')), ...body].join('\n');
}

const header = `Node ${process.version}, ${concurrency} requests in flight, ${time} ms per task (deliveries: ${rounds} rounds)`;
console.log(`${header}\n`);
const payloadRows = await benchPayloads();
console.log('Payloads and diffs');
console.table(payloadRows);
const deliveryRows = await benchDeliveries();
console.log('Deliveries to a no-op loopback receiver (child process)');
console.table(deliveryRows);
if (process.argv.includes('--markdown')) {
  console.log(`\n${header}\n\n${markdown(payloadRows)}\n\n${markdown(deliveryRows)}`);
}
