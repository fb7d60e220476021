import { randomInt } from 'node:crypto';

/** A random card number of the given prefix and length with a valid Luhn check digit (test numbers only). */
export function luhnCard(prefix = '4', length = 16): string {
  let body = prefix;
  while (body.length < length - 1) body += String(randomInt(10));
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // Positions counted from the check digit's left neighbour: every other one from there is doubled.
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}
