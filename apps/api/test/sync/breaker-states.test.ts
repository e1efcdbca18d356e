import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from '../../src/sync/breaker.js';

describe('CircuitBreaker', () => {
  it('stays closed below the threshold and opens at it', () => {
    const breaker = new CircuitBreaker({ threshold: 3, openMs: 100 });
    breaker.failure(0);
    breaker.failure(0);
    expect(breaker.state(0)).toBe('closed');
    expect(breaker.tryAcquire(0)).toBe(true);
    breaker.failure(10);
    expect(breaker.state(10)).toBe('open');
    expect(breaker.tryAcquire(50)).toBe(false);
    expect(breaker.reopensAt).toBe(110);
  });

  it('a success in between resets the count of failures in a row', () => {
    const breaker = new CircuitBreaker({ threshold: 2 });
    breaker.failure(0);
    breaker.success();
    breaker.failure(0);
    expect(breaker.state(0)).toBe('closed');
  });

  it('lets one probe through when half-open; a failed probe reopens for twice as long, up to the maximum', () => {
    const breaker = new CircuitBreaker({ threshold: 1, openMs: 100, maxOpenMs: 300 });
    breaker.failure(0);
    expect(breaker.state(100)).toBe('half-open');
    expect(breaker.tryAcquire(100)).toBe(true);
    expect(breaker.tryAcquire(100)).toBe(false);
    breaker.failure(100);
    expect(breaker.reopensAt).toBe(300);
    expect(breaker.tryAcquire(300)).toBe(true);
    breaker.failure(300);
    expect(breaker.reopensAt).toBe(600);
  });

  it('a successful probe closes it and restores the first open time', () => {
    const breaker = new CircuitBreaker({ threshold: 1, openMs: 100 });
    breaker.failure(0);
    expect(breaker.tryAcquire(100)).toBe(true);
    breaker.success();
    expect(breaker.state(100)).toBe('closed');
    breaker.failure(200);
    expect(breaker.reopensAt).toBe(300);
  });

  it('failures of requests already in flight when it opened do not extend the open time', () => {
    const breaker = new CircuitBreaker({ threshold: 1, openMs: 100 });
    breaker.failure(0);
    breaker.failure(50);
    expect(breaker.reopensAt).toBe(100);
  });

  it('a released probe slot leaves it half-open; a permanent failure ends a probe as a success', () => {
    const breaker = new CircuitBreaker({ threshold: 1, openMs: 100 });
    breaker.failure(0);
    expect(breaker.tryAcquire(100)).toBe(true);
    breaker.release();
    expect(breaker.state(100)).toBe('half-open');
    expect(breaker.tryAcquire(100)).toBe(true);
    breaker.neutral();
    expect(breaker.state(100)).toBe('closed');
  });

  it('holds every request until a Retry-After time without counting a failure', () => {
    const breaker = new CircuitBreaker({ threshold: 1 });
    breaker.holdUntil(500);
    expect(breaker.state(499)).toBe('open');
    expect(breaker.tryAcquire(499)).toBe(false);
    expect(breaker.state(500)).toBe('closed');
  });
});
