import { hash, verify } from '@node-rs/argon2';

// Argon2id with m=19 MiB, t=2 (DESIGN §3); @node-rs/argon2 hashes on its own thread pool.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export const getDummyHash = () => {
  dummyHash ??= hashPassword('not-a-real-password-xyz');
  return dummyHash;
};

/** Passwords refused at sign-up and on change (DESIGN §4). Lower-cased. */
const COMMON = new Set(
  `password password1 password12 password123 password1234 passw0rd p@ssword p@ssw0rd 12345678 123456789
  1234567890 0123456789 87654321 11111111 00000000 12341234 11223344 qwertyui qwertyuiop qwerty123
  qwerty12 1q2w3e4r 1q2w3e4r5t zaq12wsx asdfghjk asdfghjkl zxcvbnm1 iloveyou iloveyou1 sunshine
  princess football baseball welcome1 welcome123 letmein1 letmein123 trustno1 superman batman123
  starwars dragon123 monkey123 abc12345 abcd1234 abcdefgh aa123456 changeme changeme1 secret123
  administrator admin123 admin1234 computer internet whatever michael1 jennifer charlie1 shadow12
  master12 mustang1 access14 freedom1 1qaz2wsx qazwsxedc 123qweasd q1w2e3r4 q1w2e3r4t5 samsung1
  liverpool chelsea1 arsenal1 pokemon1 minecraft fortnite1 usdt1234 bitcoin1 developer`.split(/\s+/),
);
export const isCommonPassword = (password: string) => COMMON.has(password.toLowerCase());
