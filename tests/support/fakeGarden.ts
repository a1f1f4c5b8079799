import { FLOWER_TYPES } from "../../shared/flowers";

/**
 * A large fictional garden, the same for the tests and `npm run bench:garden`:
 * first, middle and last names drawn from short invented lists (some with
 * accents, some last names only an initial or missing, as families give them),
 * every flower type and a few kinds of loss date. Deterministic for a seed.
 */

export interface FakeFlower {
  babyFirstName: string;
  babyMiddleName: string | null;
  babyLastName: string | null;
  lossDate: string | null;
  flowerType: string;
}

const FIRST = [
  "Grace",
  "Hope",
  "Gabriel",
  "Zoë",
  "José",
  "Faith",
  "Michael",
  "Élise",
  "Noah",
  "Mary",
  "Joseph",
  "Ángel",
  "Clara",
  "Luca",
  "Ava",
  "Théo",
  "Rose",
  "Pio",
  "Lucía",
  "Benedict",
  "Anna",
  "Miriam",
  "Samuel",
  "Chloé",
  "Isaac",
  "Bernadette",
  "Jude",
  "Ines",
  "Felix",
  "Agnes",
];
const MIDDLE = ["Marie", "Anne", "Joseph", "Thérèse", "Paul", "Grace", "Francis", "Rosa", "John", "Maria"];
const LAST = [
  "Lee",
  "Carter",
  "Núñez",
  "O'Brien",
  "Quinn",
  "Álvarez",
  "Brennan",
  "Duval",
  "Ellis",
  "Fitzgerald",
  "García",
  "Hale",
  "Ibáñez",
  "Jansen",
  "Kowalski",
  "Lachance",
  "Morrow",
  "Nolan",
  "Okafor",
  "Pérez",
  "Reyes",
  "Sørensen",
  "Thornton",
  "Underwood",
  "Vasquez",
  "Whitaker",
  "Xavier",
  "Young",
  "Zielinski",
  "Émond",
  "Çelik",
  "D.",
  "M.",
  "van Dijk",
];
const SEASONS = ["Spring", "Summer", "Autumn", "Winter"];
const MONTHS = ["January", "March", "May", "July", "September", "November"];

/** A small fast PRNG (mulberry32): the same seed gives the same garden. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function fakeGarden(count: number, seed = 1): FakeFlower[] {
  const r = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  return Array.from({ length: count }, () => {
    const roll = r();
    const date = r();
    return {
      babyFirstName: pick(FIRST),
      babyMiddleName: roll < 0.4 ? pick(MIDDLE) : null,
      babyLastName: roll > 0.95 ? null : pick(LAST),
      lossDate: date < 0.3 ? null : date < 0.6 ? `${pick(SEASONS)} ${2000 + Math.floor(r() * 26)}` : `${pick(MONTHS)} ${2000 + Math.floor(r() * 26)}`,
      flowerType: pick(FLOWER_TYPES),
    };
  });
}
