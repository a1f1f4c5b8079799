/**
 * English counts for the team's words (admin screens, the desktop app, the activity log, the
 * command line, answers to volunteers): "1 decision", "2 decisions". A visitor's texts are in the
 * site's languages and count through its catalogs instead.
 */
export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${verb(count, one, many)}`;

/** The word alone, for one or for more: "needs" / "need", "was" / "were". */
export const verb = (count: number, one: string, many: string): string => (count === 1 ? one : many);
