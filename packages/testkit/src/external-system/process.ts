/**
 * The fake external system in a child process, answering every request at once (acknowledge
 * mode): for benchmarks of a sender, whose measured work must not share a thread with the receiver's.
 * The child inherits the parent's loader flags (tsx), so it runs from this package's sources.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ReceiverProcess {
  readonly url: string;
  stop(): void;
}

export async function startReceiverProcess(): Promise<ReceiverProcess> {
  const child = fork(fileURLToPath(new URL('./child.ts', import.meta.url)), [], { stdio: 'inherit' });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('error', reject);
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.disconnect() };
}
