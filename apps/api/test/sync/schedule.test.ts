import { describe, expect, it } from 'vitest';
import { DeliveryLoops } from '../../src/sync/schedule.js';

const HOUR = 3_600_000;
const errors: unknown[] = [];
const onError = (error: unknown) => errors.push(error);

/** A step the test answers by hand: each call waits until the test says whether it found work. */
class ScriptedStep {
  readonly calls: Array<(worked: boolean) => void> = [];
  #waiters: Array<() => void> = [];

  readonly step = (): Promise<boolean> =>
    new Promise((resolve) => {
      this.calls.push(resolve);
      for (const wake of this.#waiters.splice(0)) wake();
    });

  /** Resolves once `n` calls were made in all. */
  async called(n: number): Promise<void> {
    while (this.calls.length < n) await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }
}

function loops(step: () => Promise<boolean>, concurrency = 1, blockedForMs = () => 0) {
  return new DeliveryLoops(step, { concurrency, pollIntervalMs: HOUR, blockedForMs, onError });
}

describe('DeliveryLoops', () => {
  it('runs one step per loop at once and keeps going while steps find work', async () => {
    const scripted = new ScriptedStep();
    const subject = loops(scripted.step, 2);
    subject.start();
    await scripted.called(2);
    scripted.calls[0]!(true);
    await scripted.called(3);
    expect(scripted.calls).toHaveLength(3);
    scripted.calls[1]!(false); // this loop now sleeps for the poll interval (an hour)
    scripted.calls[2]!(false);
    const stopped = subject.stop();
    await stopped;
    expect(subject.running).toBe(false);
    expect(scripted.calls).toHaveLength(3);
  });

  it('a nudge wakes a sleeping loop at once', async () => {
    const scripted = new ScriptedStep();
    const subject = loops(scripted.step);
    subject.start();
    await scripted.called(1);
    scripted.calls[0]!(false);
    subject.nudge();
    await scripted.called(2);
    scripted.calls[1]!(false);
    await subject.stop();
  });

  it('a nudge while every loop is busy makes the next idle loop look once more before sleeping', async () => {
    const scripted = new ScriptedStep();
    const subject = loops(scripted.step);
    subject.start();
    await scripted.called(1);
    subject.nudge();
    scripted.calls[0]!(false);
    await scripted.called(2);
    scripted.calls[1]!(false);
    await subject.stop();
  });

  it('stop() waits for the step in flight', async () => {
    const scripted = new ScriptedStep();
    const subject = loops(scripted.step);
    subject.start();
    await scripted.called(1);
    let stopped = false;
    const stopping = subject.stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(stopped).toBe(false);
    scripted.calls[0]!(true);
    await stopping;
    expect(stopped).toBe(true);
    expect(scripted.calls).toHaveLength(1);
  });

  it('a step that throws is logged and the loop goes on', async () => {
    let n = 0;
    let resolveSecond: () => void = () => {};
    const second = new Promise<void>((resolve) => {
      resolveSecond = resolve;
    });
    const subject = loops(async () => {
      n++;
      if (n === 1) throw new Error('boom');
      resolveSecond();
      return false;
    });
    errors.length = 0;
    subject.start();
    subject.nudge();
    await second;
    await subject.stop();
    expect(errors).toHaveLength(1);
  });
});
