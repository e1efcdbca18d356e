import { describe, expect, it } from 'vitest';
import { BackgroundLoop } from '../../src/storage/background-loop.js';

describe('BackgroundLoop', () => {
  it('runs its step while it finds work, sleeps when it finds none, and a nudge wakes it', async () => {
    let work = 3;
    let steps = 0;
    let idle: () => void = () => {};
    const loop = new BackgroundLoop(
      async () => {
        steps++;
        if (work > 0) {
          work--;
          return true;
        }
        idle();
        return false;
      },
      // Longer than any test: only a nudge or stop() ends a sleep here.
      3_600_000,
      () => {},
    );
    const firstIdle = new Promise<void>((resolve) => (idle = resolve));
    loop.start();
    await firstIdle;
    expect(steps).toBe(4);
    const secondIdle = new Promise<void>((resolve) => (idle = resolve));
    work = 1;
    loop.nudge();
    await secondIdle;
    expect(steps).toBe(6);
    await loop.stop();
  });

  it('goes on after a step throws, reporting the error', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    let idle: () => void = () => {};
    const loop = new BackgroundLoop(
      async () => {
        calls++;
        if (calls === 1) throw new Error('boom');
        idle();
        return false;
      },
      3_600_000,
      (error) => errors.push(error),
    );
    const idled = new Promise<void>((resolve) => (idle = resolve));
    loop.start();
    loop.nudge();
    await idled;
    expect(errors).toEqual([new Error('boom')]);
    await loop.stop();
  });
});
