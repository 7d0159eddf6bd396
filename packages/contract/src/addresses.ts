import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58check, bech32, bech32m } from '@scure/base';

/**
 * Withdrawal address checks with their checksums (DESIGN §8): a typo in an address sends money
 * nowhere, so a shape check is not enough. Decoding is done by audited libraries (@scure/base,
 * @noble/hashes); this file only states which versions and lengths are valid.
 */

const b58c = base58check(sha256);

function decodeBase58check(address: string): Uint8Array | null {
  try {
    return b58c.decode(address);
  } catch {
    return null;
  }
}

const isZero = (bytes: Uint8Array) => bytes.every((b) => b === 0);

/** BTC mainnet: P2PKH (1…), P2SH (3…), segwit v0 bech32 (bc1q…), v1+ bech32m (bc1p…). */
export function isValidBtcAddress(address: string): boolean {
  if (/^[13]/.test(address)) {
    const bytes = decodeBase58check(address);
    return bytes !== null && bytes.length === 21 && (bytes[0] === 0x00 || bytes[0] === 0x05) && !isZero(bytes.slice(1));
  }
  if (!/^bc1/i.test(address)) return false;
  // Mixed case is invalid in bech32; the decoders require one case.
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const lower = address.toLowerCase();
  const version = bech32.decodeUnsafe(lower, 90) ?? null;
  const versionM = version ? null : (bech32m.decodeUnsafe(lower, 90) ?? null);
  const decoded = version ?? versionM;
  if (decoded?.prefix !== 'bc' || decoded.words.length === 0) return false;
  const witnessVersion = decoded.words[0];
  let program: Uint8Array;
  try {
    program = (version ? bech32 : bech32m).fromWords(decoded.words.slice(1));
  } catch {
    return false;
  }
  if (witnessVersion === 0) return version !== null && (program.length === 20 || program.length === 32);
  return versionM !== null && witnessVersion <= 16 && program.length >= 2 && program.length <= 40;
}

/** EIP-55: each letter of the address is upper case where the nibble of keccak(lowercase hex) is ≥ 8. */
function eip55(hexLower: string): string {
  const hash = bytesToHex(keccak_256(utf8ToBytes(hexLower)));
  let out = '';
  for (let i = 0; i < hexLower.length; i++) {
    out += Number.parseInt(hash[i], 16) >= 8 ? hexLower[i].toUpperCase() : hexLower[i];
  }
  return out;
}

/** ETH (and ERC-20 USDT): 0x + 40 hex; a mixed-case address must carry a valid EIP-55 checksum; never zero. */
export function isValidEthAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (/^0+$/.test(hex)) return false;
  const lower = hex.toLowerCase();
  if (hex === lower || hex === hex.toUpperCase()) return true;
  return eip55(lower) === hex;
}

/** TRON (TRC-20 USDT): base58check of 0x41 + 20 bytes; never the zero address. */
export function isValidTronAddress(address: string): boolean {
  if (!address.startsWith('T')) return false;
  const bytes = decodeBase58check(address);
  return bytes !== null && bytes.length === 21 && bytes[0] === 0x41 && !isZero(bytes.slice(1));
}

/** Which network a USDT address belongs to (DESIGN §13: deposit and withdraw name the network). */
export function usdtNetworkOf(address: string): 'ERC-20' | 'TRC-20' | null {
  if (isValidEthAddress(address)) return 'ERC-20';
  if (isValidTronAddress(address)) return 'TRC-20';
  return null;
}
