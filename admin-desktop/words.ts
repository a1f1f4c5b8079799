import { plural, verb } from "../shared/words";

/** Words main and the window share, so a count reads the same everywhere ("1 decision", "2 decisions"). */
export { plural, verb };

/** "is" for one, "are" for more. */
const isAre = (count: number) => verb(count, "is", "are");

/**
 * What waits for another account, in a sentence: "2 decisions by anna are waiting for anna to sign in."
 * (naming the server when it is not the one in use). Without an owner: decisions of an older version
 * of the app, which said nobody's name.
 */
export function waitingSentence(group: { owner: string | null; server: string; count: number }, currentServer: string | null): string {
  const { owner, server, count } = group;
  if (owner === null) {
    return `${plural(count, "decision")} from an earlier version of this app ${verb(count, "does", "do")} not say who made ${count === 1 ? "it" : "them"}, so ${count === 1 ? "it is" : "they are"} not sent. If ${count === 1 ? "it is" : "they are"} yours, choose “These are mine”.`;
  }
  return `${plural(count, "decision")} by ${owner} ${isAre(count)} waiting for ${owner} to sign in${server === currentServer ? "" : ` to ${server}`}.`;
}

/**
 * Who made a decision, for a sentence: the username, or words for a decision queued before the app
 * noted who made it. `start`: at the start of a sentence.
 */
export const whose = (owner: string | null, start = true): string => owner ?? (start ? "Another volunteer" : "a volunteer whose name this app did not note");

/** What the downloaded copy holds and how it is kept, said at each download. */
export function copyNote(encrypted: boolean): string {
  const kept = encrypted
    ? "It is kept encrypted on this computer"
    : "This computer offers no keychain to encrypt it, so it is kept unencrypted in your account's app folder, where anyone who can open your files could read it";
  return `The copy holds the names and stories waiting for review (never email addresses). ${kept}, and it is removed when you sign out.`;
}
