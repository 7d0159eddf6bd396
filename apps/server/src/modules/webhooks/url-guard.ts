import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * SSRF protection of DESIGN §16: a webhook may only reach the public internet. The host is
 * resolved and every address it resolves to is checked, at creation and again before each
 * delivery; the delivery then connects to the address that was checked (sender.ts), so a name
 * cannot resolve to a public address for the check and a private one for the connection.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network, 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (reaches IPv4 addresses through a gateway)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an address is loopback, private, link-local, CGNAT, unique-local, metadata or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const lower = address.toLowerCase();
  // IPv4-mapped and -compatible forms (::ffff:127.0.0.1, ::ffff:7f00:1) are judged as the IPv4 address.
  const mapped = /^(?:0{0,4}:){0,5}(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return isPrivateAddress(mapped[1]);
  const hexMapped = /^(?:0{0,4}:){0,5}ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hexMapped) {
    const hi = Number.parseInt(hexMapped[1], 16);
    const lo = Number.parseInt(hexMapped[2], 16);
    return isPrivateAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  return blocked.check(address, 'ipv6');
}

export type WebhookTarget = { url: URL; address: string; family: 4 | 6 };

/** Why a URL may not receive webhooks; the message names the field's problem. */
export class RefusedUrl extends Error {
  constructor(
    readonly reason: 'scheme' | 'private' | 'unresolvable',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Parses, resolves and checks a webhook URL: https only and public addresses only, unless
 * `allowPrivate` (WEBHOOK_ALLOW_PRIVATE=true, development and tests), which also allows http.
 * Answers the address to connect to.
 */
export async function resolveWebhookTarget(raw: string, allowPrivate: boolean): Promise<WebhookTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedUrl('scheme', 'not a URL');
  }
  const schemeOk = url.protocol === 'https:' || (allowPrivate && url.protocol === 'http:');
  if (!schemeOk || url.username || url.password) throw new RefusedUrl('scheme', 'only https:// addresses');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new RefusedUrl('unresolvable', `host ${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new RefusedUrl('unresolvable', `host ${host} could not be resolved`);
  // One private address among several is enough to refuse: the connection could pick it.
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
    throw new RefusedUrl('private', 'the address is private, local or reserved');
  }
  const first = addresses[0];
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
