/** Null when this Node can run the site; otherwise the one sentence that says what is needed and how to get it. */
export function nodeVersionProblem(version: string): string | null;
/** Says that sentence on standard error and ends the process when this Node cannot run the site. */
export function exitUnlessSupported(): void;
