import { createHash, randomBytes } from "node:crypto";

/** A fresh bearer or e-mail token; only its hash is stored, so a database leak reveals no usable token. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashSecretToken(token) };
}

export function hashSecretToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
