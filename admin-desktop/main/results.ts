import type { ErrorCode, Result } from "../ipc";

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T>(error: string, code: ErrorCode): Result<T> => ({ ok: false, error, code });
