/**
 * The browser's own check of a proof of liabilities (DESIGN §15), with Web Crypto: it recomputes
 * the leaf from the user's id, nonce and balance, folds the path up to a root, and compares that
 * root with the one published at GET /solvency. It shares no code with the server.
 */
type Node = { hash: string; sum: string };
export type ProofInput = {
  publishedAt: string;
  leaf: { userId: string; nonce: string; balance: string; hash: string; sum: string };
  path: { side: 'left' | 'right'; hash: string; sum: string }[];
  root: Node;
};
export type Verification =
  | { ok: true; balance: string }
  | { ok: false; reason: 'no-crypto' | 'leaf' | 'root' | 'not-published' | 'not-included' };

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** "1.500000" + "2.000001" = "3.500001", exactly (integers of millionths, never floats). */
export function addAmounts(a: string, b: string): string {
  const units = (s: string) => {
    const m = /^(\d+)\.(\d{6})$/.exec(s);
    if (!m) throw new Error(`Not an amount with 6 decimals: ${s}`);
    return BigInt(m[1]) * 1_000_000n + BigInt(m[2]);
  };
  const total = units(a) + units(b);
  return `${total / 1_000_000n}.${(total % 1_000_000n).toString().padStart(6, '0')}`;
}

export async function verifySolvencyProof(
  proof: ProofInput,
  published: { publishedAt: string; root: Node },
): Promise<Verification> {
  if (!globalThis.crypto?.subtle) return { ok: false, reason: 'no-crypto' };
  const { leaf } = proof;
  const leafHash = await sha256Hex(`leaf:${leaf.userId}:${leaf.nonce}:${leaf.balance}`);
  if (leafHash !== leaf.hash || leaf.sum !== leaf.balance) return { ok: false, reason: 'leaf' };
  let node: Node = { hash: leafHash, sum: leaf.balance };
  for (const step of proof.path) {
    const [l, r] = step.side === 'left' ? [step, node] : [node, step];
    node = { hash: await sha256Hex(`node:${l.hash}:${l.sum}:${r.hash}:${r.sum}`), sum: addAmounts(l.sum, r.sum) };
  }
  if (node.hash !== proof.root.hash || node.sum !== proof.root.sum) return { ok: false, reason: 'root' };
  if (
    proof.publishedAt !== published.publishedAt ||
    published.root.hash !== node.hash ||
    published.root.sum !== node.sum
  ) {
    return { ok: false, reason: 'not-published' };
  }
  return { ok: true, balance: leaf.balance };
}
