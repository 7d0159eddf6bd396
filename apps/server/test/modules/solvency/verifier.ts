import { createHash } from 'node:crypto';

/**
 * An independent verifier written from DESIGN §15's text alone (it imports nothing of the
 * server's tree code or the contract's helpers), as an outsider would write one.
 *
 *   balance: decimal string with 6 fraction digits;
 *   leaf hash = hex(sha256("leaf:" + userId + ":" + nonce + ":" + balance)), sum = balance;
 *   leaves ordered by hash;
 *   parent hash = hex(sha256("node:" + L.hash + ":" + L.sum + ":" + R.hash + ":" + R.sum)),
 *   sum = L.sum + R.sum, with 6 fraction digits; an odd level's last node is carried up; one
 *   leaf is its own root.
 */
const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** Exact decimal addition of two "x.yyyyyy" strings (no floats): digit strings as integers. */
function add6(a: string, b: string): string {
  const units = (s: string) => {
    const m = /^(\d+)\.(\d{6})$/.exec(s);
    if (!m) throw new Error(`not a 6-digit amount: ${s}`);
    return BigInt(m[1] + m[2]);
  };
  const t = (units(a) + units(b)).toString().padStart(7, '0');
  return `${BigInt(t.slice(0, -6)).toString()}.${t.slice(-6)}`;
}

type N = { hash: string; sum: string };

export function verifierRoot(leaves: { userId: string; nonce: string; balance: string }[]): N {
  let level: N[] = leaves
    .map((l) => ({ hash: sha(`leaf:${l.userId}:${l.nonce}:${l.balance}`), sum: l.balance }))
    .sort((x, y) => (x.hash < y.hash ? -1 : x.hash > y.hash ? 1 : 0));
  while (level.length > 1) {
    const up: N[] = [];
    for (let i = 0; i < level.length; i += 2) {
      if (i + 1 === level.length) up.push(level[i]);
      else {
        const [L, R] = [level[i], level[i + 1]];
        up.push({ hash: sha(`node:${L.hash}:${L.sum}:${R.hash}:${R.sum}`), sum: add6(L.sum, R.sum) });
      }
    }
    level = up;
  }
  return level[0];
}

/** Checks a proof of GET /user/solvency-proof; true when it reaches the root it names. */
export function verifyProof(p: {
  leaf: { userId: string; nonce: string; balance: string; hash: string; sum: string };
  path: { side: 'left' | 'right'; hash: string; sum: string }[];
  root: N;
}): boolean {
  let node: N = { hash: sha(`leaf:${p.leaf.userId}:${p.leaf.nonce}:${p.leaf.balance}`), sum: p.leaf.balance };
  if (node.hash !== p.leaf.hash || node.sum !== p.leaf.sum) return false;
  for (const s of p.path) {
    const [L, R] = s.side === 'left' ? [s, node] : [node, s];
    node = { hash: sha(`node:${L.hash}:${L.sum}:${R.hash}:${R.sum}`), sum: add6(L.sum, R.sum) };
  }
  return node.hash === p.root.hash && node.sum === p.root.sum;
}
