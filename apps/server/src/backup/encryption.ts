import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { BACKUP_MESSAGES, BackupRefusedError } from './messages.ts';

/**
 * Encrypted backups (docs/operations.md "Respaldos cifrados"): a backup holds every borrower's personal
 * data, so it can be sealed with a passphrase before it leaves the machine. Node's own crypto, no
 * dependency: the key is scrypt(passphrase, random salt), the cipher AES-256-GCM, whose tag also
 * proves the file was not changed. Layout:
 *   `prestaya-backup-encrypted v1\n` `{"kdf":"scrypt","N":…,"r":…,"p":…,"salt":…,"iv":…}\n`
 *   ciphertext of the plain backup file, then the 16-byte tag.
 * Both header lines are authenticated data: changing a parameter fails the tag like a wrong passphrase.
 */
const MAGIC = 'prestaya-backup-encrypted v1\n';
const SCRYPT = { N: 2 ** 15, r: 8, p: 1 };
/** A crafted header could ask for gigabytes of scrypt memory; only the cost this code writes is read. */
const MAX_N = 2 ** 17;
const TAG_BYTES = 16;
export const MIN_PASSPHRASE_LENGTH = 12;

type Header = { kdf: 'scrypt'; N: number; r: number; p: number; salt: string; iv: string };

function deriveKey(passphrase: string, salt: Buffer, cost: { N: number; r: number; p: number }) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(passphrase, salt, 32, { ...cost, maxmem: 256 * cost.N * cost.r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export const isEncryptedBackup = (file: Buffer) =>
  file.subarray(0, MAGIC.length).toString('latin1') === MAGIC;

export async function encryptBackup(file: Buffer, passphrase: string): Promise<Buffer> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const header: Header = {
    kdf: 'scrypt',
    ...SCRYPT,
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
  };
  const head = Buffer.from(`${MAGIC}${JSON.stringify(header)}\n`, 'utf8');
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt, SCRYPT), iv);
  cipher.setAAD(head);
  const body = Buffer.concat([cipher.update(file), cipher.final()]);
  return Buffer.concat([head, body, cipher.getAuthTag()]);
}

function readHeader(file: Buffer): { header: Header; head: Buffer } {
  const end = file.indexOf(0x0a, MAGIC.length);
  try {
    const header = JSON.parse(file.subarray(MAGIC.length, end).toString('utf8')) as Header;
    const { N, r, p } = header;
    const sane =
      end > 0 &&
      header.kdf === 'scrypt' &&
      Number.isInteger(N) &&
      N >= 2 ** 14 &&
      N <= MAX_N &&
      r === SCRYPT.r &&
      p === SCRYPT.p &&
      file.length >= end + 1 + TAG_BYTES;
    if (sane) return { header, head: file.subarray(0, end + 1) };
  } catch {
    // Falls through to the refusal.
  }
  throw new BackupRefusedError(BACKUP_MESSAGES.notABackup);
}

/** The plain backup file inside an encrypted one; a wrong passphrase or a changed byte is refused. */
export async function decryptBackup(file: Buffer, passphrase: string): Promise<Buffer> {
  const { header, head } = readHeader(file);
  const key = await deriveKey(passphrase, Buffer.from(header.salt, 'base64'), header);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(header.iv, 'base64'));
    decipher.setAAD(head);
    decipher.setAuthTag(file.subarray(file.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(file.subarray(head.length, file.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new BackupRefusedError(BACKUP_MESSAGES.passphraseWrong);
  }
}

/**
 * The passphrase of `--passphrase-file FILE` (its first line; resolved by the caller) or of
 * BACKUP_PASSPHRASE; undefined when neither is given. A short one is refused: it would only look safe.
 */
export async function passphraseFrom(file: string | undefined, env: NodeJS.ProcessEnv) {
  let passphrase = env.BACKUP_PASSPHRASE || undefined;
  if (file !== undefined) {
    const text = await readFile(file, 'utf8').catch(() => {
      throw new BackupRefusedError(BACKUP_MESSAGES.passphraseFileUnreadable(file));
    });
    passphrase = text.split(/\r?\n/)[0];
  }
  if (passphrase !== undefined && passphrase.length < MIN_PASSPHRASE_LENGTH)
    throw new BackupRefusedError(BACKUP_MESSAGES.passphraseTooShort(MIN_PASSPHRASE_LENGTH));
  return passphrase;
}
