import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { p2wpkh } from '@scure/btc-signer';
import { bytesToHex, type Hex } from 'viem';
import { privateKeyToAccount, publicKeyToAddress } from 'viem/accounts';

/**
 * Watch-only key derivation (DESIGN §12) with @scure/bip32; the server never holds a deposit
 * private key. DEPOSIT_XPUB is the account key m/44'/60'/0' (depth 3) exported by the operator's
 * wallet; deposit address n is its child 0/n, i.e. m/44'/60'/0'/0/n.
 */
export function parseAccountXpub(xpub: string, versions?: { private: number; public: number }): HDKey {
  const key = HDKey.fromExtendedKey(xpub, versions);
  if (key.privateKey) throw new Error('is a private key; give the extended public key (xpub)');
  if (key.depth !== 3)
    throw new Error(`must be an account-level key (depth 3, m/purpose'/coin'/account'), got depth ${key.depth}`);
  return key;
}

export function ethDepositAddress(accountKey: HDKey, n: number): `0x${string}` {
  const child = accountKey.deriveChild(0).deriveChild(n);
  if (!child.publicKey) throw new Error('derivation produced no public key');
  const uncompressed = secp256k1.Point.fromBytes(child.publicKey).toBytes(false);
  return publicKeyToAddress(bytesToHex(uncompressed)).toLowerCase() as `0x${string}`;
}

/** SLIP-132 version bytes of a zpub (BIP-84 account key); an xpub of the same account also works. */
const ZPUB_VERSIONS = { private: 0x04b2430c, public: 0x04b24746 };

export function parseBtcXpub(xpub: string): HDKey {
  return parseAccountXpub(xpub, xpub.startsWith('zpub') ? ZPUB_VERSIONS : undefined);
}

/** A native segwit (BIP-84, bech32 bc1q…) receive address: m/84'/0'/0'/0/n. */
export function btcDepositAddress(accountKey: HDKey, n: number): string {
  const child = accountKey.deriveChild(0).deriveChild(n);
  if (!child.publicKey) throw new Error('derivation produced no public key');
  const address = p2wpkh(child.publicKey).address;
  if (!address) throw new Error('could not encode a bech32 address');
  return address;
}

/** The hot wallet's address; throws on a malformed or out-of-range key. */
export function hotWalletAddress(key: Hex): `0x${string}` {
  return privateKeyToAccount(key).address;
}
