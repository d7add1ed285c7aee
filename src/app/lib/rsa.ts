import { JSEncrypt } from 'jsencrypt';

/*
 * Remember-me keeps the password only RSA-encrypted in local storage (SPEC §9: "key pair embedded
 * in the page"). Both halves live in the bundle, so this hides the password from casual reading of
 * storage, not from someone with the page's code; the real secret is the server-side session.
 * This module is imported lazily (login and silent re-login only) so Home does not pay for it.
 */
const PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDhBh5UQFAwMoXRMXnNVYlQwz4G
u+woACLIuqSbS6jHTC3fLdluzyUTZYX7vBAkvkCGfXFyji1zdixDOG7g5hmGAwxe
NnkcBpFrCOadYVFfEyv5xgFrZMYBBVvgQqrJmGaR2aLoGYFHle0+e7SPgDImJ6nM
5Y3YLrYq77TAjtjr0wIDAQAB
-----END PUBLIC KEY-----`;

const PRIVATE_KEY = `-----BEGIN RSA PRIVATE KEY-----
MIICXAIBAAKBgQDhBh5UQFAwMoXRMXnNVYlQwz4Gu+woACLIuqSbS6jHTC3fLdlu
zyUTZYX7vBAkvkCGfXFyji1zdixDOG7g5hmGAwxeNnkcBpFrCOadYVFfEyv5xgFr
ZMYBBVvgQqrJmGaR2aLoGYFHle0+e7SPgDImJ6nM5Y3YLrYq77TAjtjr0wIDAQAB
AoGAQkt3LAM2nLyFyDf3VpNYvT6IS5uZ278OgGzcihQkSXMcIKB1arwEhE5oxt2F
NA4JHJZgkgtpQJcUO0mpAQFJizBzYbqg0gTBT47Vf3H51AY8FuhDr+HFie9Je6wC
lgsJhexRN6nXZmdAUhO+pNYghF4ThNXENp9gPlxKvGdFgCECQQDzFAWvAZEJrCmU
NNXOpVsX8J4r6Fl5OwuMOMwS3TuLs97dF4nUtktR+P9r24e0wDYjyVgO1lCqTXBK
BRoipqflAkEA7Pxmjooz4iy+I6SYv///GfAIcDgKXqm5G8AF9BvOrYGF4eEStNC1
vyvcyYOHwgo4le/MRsQX79+BJnDLXIaZVwJAJmkfjMv+kzy1RUokDwdqIZpQJDgP
C20dIgdHmCOFaUn/CYjSqt4zgLyMAAssoo9M/tKuK4oKLR8Xg1rTCm6zUQJBAMPJ
wvEAPN0fGfdYhNobJSbIqDAOHIMYtVW3zzNdxeKSn4l96XZ49655Dm9tuzsUNquo
8ZuFZkFG5excQ6atjQECQA3G3/R1WpLC80wp6DSfw0gaH5Ybrns7m1ahIdoRlq1D
pG6e9Pvu6P1ZTOQHLC8WCuY0lAAK8VcogCfBaXTufPU=
-----END RSA PRIVATE KEY-----`;

export function encryptPassword(plain: string): string {
  const rsa = new JSEncrypt();
  rsa.setPublicKey(PUBLIC_KEY);
  const out = rsa.encrypt(plain);
  if (out === false) throw new Error('RSA encryption failed');
  return out;
}

/** Returns null when the stored value cannot be decrypted (e.g. a key rotation). */
export function decryptPassword(cipher: string): string | null {
  const rsa = new JSEncrypt();
  rsa.setPrivateKey(PRIVATE_KEY);
  const out = rsa.decrypt(cipher);
  return out === false ? null : out;
}
