// Waits until the MongoDB at MONGODB_URI answers (60 s at most); with "replica-set", initiates a
// one-node replica set first and waits for it to elect a primary. Used by the MongoDB workflow (.github/workflows/mongodb.yml).
import { MongoClient } from 'mongodb';

const topology = process.argv[2] ?? 'standalone';
const direct = 'mongodb://127.0.0.1:27017/?directConnection=true';
const deadline = Date.now() + 60_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what, check) {
  for (;;) {
    try {
      if (await check()) return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${what}: ${error.message}`);
    }
    if (Date.now() > deadline) throw new Error(`${what}: no answer within 60 s`);
    await sleep(1000);
  }
}

const client = new MongoClient(direct, { serverSelectionTimeoutMS: 2000 });
await until('MongoDB answers', async () => (await client.db('admin').command({ ping: 1 })).ok === 1);
const { version } = await client.db('admin').command({ buildInfo: 1 });
if (topology === 'replica-set') {
  await client
    .db('admin')
    .command({ replSetInitiate: { _id: 'rs0', members: [{ _id: 0, host: '127.0.0.1:27017' }] } })
    .catch((error) => {
      if (error.codeName !== 'AlreadyInitialized') throw error;
    });
  await until(
    'a primary is elected',
    async () => (await client.db('admin').command({ hello: 1 })).isWritablePrimary,
  );
}
await client.close();
console.log(`MongoDB ${version} is ready (${topology}).`);
