import type { ErrorCode, Result } from "../ipc";

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T>(error: string, code: ErrorCode): Result<T> => ({ ok: false, error, code });

/** "1 decision", "2 decisions": every count the volunteer reads agrees with its number. */
export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;
