// Seeds for the seeded generators in the cores: random for a new game, and shown to the user
// so a game can be dealt again. 53 bits, so a seed survives JSON and JavaScript numbers.

/** A random seed from the platform's cryptographic generator, below 2^53. */
export function randomSeed() {
  const words = new Uint32Array(2);
  crypto.getRandomValues(words);
  return (words[0] & 0x1fffff) * 2 ** 32 + words[1];
}

/** Reads a seed the user typed; null when it is not a whole number from 0 to 2^53 − 1. */
export function parseSeed(text) {
  const t = String(text).trim();
  if (!/^\d{1,16}$/.test(t)) return null;
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : null;
}
