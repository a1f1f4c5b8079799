/**
 * Names a family or a volunteer may really write, and that CSV or a
 * spreadsheet treat specially: quotes, commas, a leading =, +, - or @ (a
 * formula to a spreadsheet), a leading ' (the mark that protects one),
 * accents, other scripts, emoji. Every one is a name the server stores.
 */
export const AWKWARD_NAMES: readonly string[] = [
  'Comma, "Quote"',
  '"Bunny"',
  '"',
  'Anne "Annie',
  'Ends with a quote"',
  'He said ""hi""',
  "O'Brien",
  "'Tis",
  "'",
  "Smith, Jr.",
  ",,,",
  '=HYPERLINK("http://example.com","click")',
  "=1+1",
  "+44 Grace",
  "-Anne-",
  "@home",
  "'=already protected",
  "''-two marks",
  "'@",
  "Zoë Ångström-Núñez",
  "Nguyễn Thị Ánh",
  "מרים",
  "مريم",
  "🌸 Rosie 🌸",
  "👨‍👩‍👧 family",
  'Ünïcödé, "quoted", =sum, 🕊️',
];
