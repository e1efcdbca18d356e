/**
 * A token's requests count against its lineage (docs/security.md): a token issued by an issued token
 * shares the rate-limit window of the first issued token it descends from, so minting successors
 * buys no requests; a token issued by a configured token starts a lineage of its own. Time moves by
 * hand (ManualClock).
 */
import { describe, expect, it } from 'vitest';
import { build, expectError, expectOk, type Reply } from '../support/helper.js';
import { ManualClock } from '../sync/clock.js';

const clock = new ManualClock(Date.parse('2026-03-02T08:00:00Z'));
const t = await build({ env: { RATE_LIMIT_MAX: '10', RATE_LIMIT_WINDOW_MS: '60000' }, now: clock.now });

const mint = (secret: string | undefined, name: string): Promise<Reply> =>
  t.post(
    '/api/tokens',
    { name, scopes: ['read', 'admin'], schools: '*' },
    secret ? { secret } : { token: 'admin' },
  );

describe('with RATE_LIMIT_MAX=10 a minute', () => {
  it('a token that mints a successor with its last request of each window gets no more than 10 requests a window', async () => {
    clock.advance(60_000);
    let secret = expectOk(await mint(undefined, 'first'), 201).token as string;
    clock.advance(60_000);
    let served = 0;
    let minted = 0;
    for (let request = 0; request < 40; request++) {
      const reply = await t.get('/api/schools', { secret });
      if (reply.status === 200) served++;
      else expectError(reply, 429, 'RATE_LIMITED');
      if (request % 9 === 8) {
        const next = await mint(secret, `successor ${request}`);
        if (next.status === 201) {
          minted++;
          secret = next.body.response.token;
        } else expectError(next, 429, 'RATE_LIMITED');
      }
    }
    // One window: 10 requests in all, reads and mints together.
    expect(served + minted).toBe(10);
  });

  it('a token issued by a configured token has a window of its own, apart from the configured token', async () => {
    clock.advance(60_000);
    const child = expectOk(await mint(undefined, 'child'), 201);
    for (let request = 0; request < 9; request++) expectOk(await t.get('/api/schools', { token: 'admin' }));
    expectError(await t.get('/api/schools', { token: 'admin' }), 429, 'RATE_LIMITED');
    for (let request = 0; request < 10; request++)
      expectOk(await t.get('/api/schools', { secret: child.token }));
    expectError(await t.get('/api/schools', { secret: child.token }), 429, 'RATE_LIMITED');
  });

  it('the window opens again for the whole lineage', async () => {
    clock.advance(60_000);
    const child = expectOk(await mint(undefined, 'child 2'), 201);
    const grandchild = expectOk(await mint(child.token, 'grandchild'), 201);
    // The child's window holds the grandchild's mint (1) and these 9 reads.
    for (let request = 0; request < 9; request++)
      expectOk(await t.get('/api/schools', { secret: grandchild.token }));
    expectError(await t.get('/api/schools', { secret: child.token }), 429, 'RATE_LIMITED');
    clock.advance(60_000);
    expectOk(await t.get('/api/schools', { secret: child.token }));
    expectOk(await t.get('/api/schools', { secret: grandchild.token }));
  });
});
