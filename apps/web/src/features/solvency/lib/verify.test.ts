import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addAmounts, verifySolvencyProof } from './verify';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('the browser verifier', () => {
  it('adds amounts exactly', () => {
    expect(addAmounts('0.100000', '0.200000')).toBe('0.300000');
    expect(addAmounts('999999999999.999999', '0.000001')).toBe('1000000000000.000000');
  });

  it('accepts a true path and refuses a changed sibling, balance or an unpublished root', async () => {
    const l0 = { userId: 'a', nonce: 'ab'.repeat(16), balance: '150.000000' };
    const l1 = { userId: 'b', nonce: 'cd'.repeat(16), balance: '2.500000' };
    const h0 = sha(`leaf:${l0.userId}:${l0.nonce}:${l0.balance}`);
    const h1 = sha(`leaf:${l1.userId}:${l1.nonce}:${l1.balance}`);
    const [L, R] =
      h0 < h1
        ? [
            { hash: h0, sum: l0.balance },
            { hash: h1, sum: l1.balance },
          ]
        : [
            { hash: h1, sum: l1.balance },
            { hash: h0, sum: l0.balance },
          ];
    const root = { hash: sha(`node:${L.hash}:${L.sum}:${R.hash}:${R.sum}`), sum: '152.500000' };
    const proof = {
      publishedAt: '2026-11-25T18:00:00.000Z',
      leaf: { ...l0, hash: h0, sum: l0.balance },
      path: [{ side: (h1 < h0 ? 'left' : 'right') as 'left' | 'right', hash: h1, sum: l1.balance }],
      root,
    };
    const published = { publishedAt: proof.publishedAt, root };
    expect(await verifySolvencyProof(proof, published)).toEqual({ ok: true, balance: '150.000000' });
    const bad = structuredClone(proof);
    bad.path[0].hash = `${bad.path[0].hash[0] === '0' ? '1' : '0'}${bad.path[0].hash.slice(1)}`;
    expect(await verifySolvencyProof(bad, published)).toEqual({ ok: false, reason: 'root' });
    const rich = structuredClone(proof);
    rich.leaf.balance = '151.000000';
    expect((await verifySolvencyProof(rich, published)).ok).toBe(false);
    expect(await verifySolvencyProof(proof, { ...published, root: { ...root, sum: '1.000000' } })).toEqual({
      ok: false,
      reason: 'not-published',
    });
  });
});
