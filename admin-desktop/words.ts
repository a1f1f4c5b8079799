/** Words main and the window share, so a count reads the same everywhere ("1 decision", "2 decisions"). */
export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** "needs" for one, "need" for more: "1 decision needs your attention". */
export const verb = (count: number, one: string, many: string): string => (count === 1 ? one : many);
