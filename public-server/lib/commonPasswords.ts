import { registerInput } from "../../shared/schemas/session";

let loaded: Promise<(password: string) => boolean> | undefined;

/**
 * A check against the most common passwords (about 49,000, from
 * @zxcvbn-ts/language-common, a maintained list). Loaded on first use, on the
 * server only: the browser never downloads it. A password is refused when it
 * is in the list, ignoring case, or is a listed one with digits and symbols
 * added at either end ("Password2024!"), which is what guessers try first.
 */
export function commonPasswordCheck(): Promise<(password: string) => boolean> {
  loaded ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => {
    const list = new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
    return (password: string) => {
      const lower = password.toLowerCase();
      const core = lower.replace(/^[\d\W_]+|[\d\W_]+$/g, "");
      return list.has(lower) || (core.length > 0 && list.has(core));
    };
  });
  return loaded;
}

/** The registration schema with the common-password rule, for every place that sets a password. */
export async function serverRegisterInput() {
  return registerInput(await commonPasswordCheck());
}
