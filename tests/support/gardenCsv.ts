import { FLOWERS } from "../../shared/flowers";
import { random } from "./fakeGarden";

/**
 * The sample CSVs in tests/fixtures/, made here: garden-823.csv (the exact
 * count the strict reset-and-import expects) and garden-120.csv (a file with
 * the wrong count). Fictional names from short invented lists, the strict
 * file's five columns, the kinds of date families write ("March 2004",
 * "Christmas 2019", "December 12, 1978" quoted for its comma, or none), every
 * flower by its import name, and Windows line ends as a spreadsheet saves them.
 * Deterministic for a seed: `npm run fixtures:garden` writes the files, and
 * tests/shared/gardenCsv.test.ts checks that the committed ones are its output.
 */

const HEADER = "First Name,Middle Name,Last Name,Date of Loss,Flower Type";

const FIRST = [
  "Lydia",
  "Peter",
  "Grace",
  "Simon",
  "Gianna",
  "Maria",
  "Madeline",
  "Christopher",
  "Xavier",
  "Nicholas",
  "Thomas",
  "Clare",
  "Benedict",
  "Rose",
  "Anthony",
  "Cecilia",
  "Dominic",
  "Agnes",
  "Gabriel",
  "Margaret",
  "Martin",
  "Lucy",
  "Joseph",
  "Bernadette",
  "Francis",
  "Teresa",
  "Michael",
  "Monica",
  "Andrew",
  "Faith",
  "Mark",
  "Hope",
  "Luke",
  "Veronica",
  "Paul",
  "Elizabeth",
  "Stephen",
  "Philomena",
  "Jude",
  "Catherine",
] as const;
const MIDDLE = [
  "Faustina",
  "Martha",
  "Alice",
  "Olivia",
  "Thomas",
  "Leo",
  "Luke",
  "Lily",
  "Anne",
  "Marie",
  "John",
  "Rose",
  "James",
  "Therese",
  "Pius",
  "Grace",
  "Mary",
  "Kolbe",
  "Joy",
  "Gerard",
] as const;
const LAST = [
  "Kennedy",
  "Reyes",
  "Phillips",
  "Cruz",
  "Martinez",
  "Robinson",
  "Jackson",
  "Lewis",
  "Wright",
  "Buren",
  "Brooks",
  "Carter",
  "Dunn",
  "Ellison",
  "Fowler",
  "Garza",
  "Hughes",
  "Ingram",
  "Jensen",
  "Keller",
  "Lawson",
  "Morales",
  "Nolan",
  "Owens",
  "Porter",
  "Quinn",
  "Ramsey",
  "Sutton",
  "Tate",
  "Vance",
  "Walsh",
  "Young",
  "Zamora",
  "Marsh",
  "Grady",
  "B.",
  "M.",
  "O.",
] as const;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;
const TIMES = ["Spring", "Summer", "Autumn", "Late summer", "Christmas", "Easter"] as const;
const TYPES = FLOWERS.map((f) => f.importName);

/** A CSV field, quoted (quotes doubled) only when it holds a comma, a quote or a line end. */
const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The sample file with `rows` data rows, the same text for the same seed. */
export function gardenCsv(rows: number, seed: number): string {
  const r = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const year = () => 1970 + Math.floor(r() * 56);
  const date = () => {
    const kind = r();
    if (kind < 0.39) return "";
    if (kind < 0.52) return `${pick(MONTHS)} ${1 + Math.floor(r() * 28)}, ${year()}`;
    if (kind < 0.8) return `${pick(MONTHS)} ${year()}`;
    if (kind < 0.98) return `${pick(TIMES)} ${year()}`;
    return "Unknown";
  };
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
    const shape = r();
    const middle = shape < 0.66 ? pick(MIDDLE) : "";
    const last = r() < 0.95 ? pick(LAST) : "";
    lines.push([pick(FIRST), middle, last, date(), pick(TYPES)].map(field).join(","));
  }
  return lines.join("\r\n") + "\r\n";
}

/** Each committed sample file and how it is made. */
export const SAMPLE_FILES: Record<string, () => string> = {
  "garden-823.csv": () => gardenCsv(823, 823),
  "garden-120.csv": () => gardenCsv(120, 120),
};
