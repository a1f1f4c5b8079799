/** What both admins say about a chosen CSV file beside its preview, in the same words. */

/** The file was not saved as UTF-8: how it was read, and what to check (shared/csv/decode.ts). */
export function CsvEncodingNotice({ notice }: { notice: string | null }) {
  if (!notice) return null;
  return (
    <p className="csv-notice" role="note">
      {notice}
    </p>
  );
}

/** A file too large to show in the text box is worked from directly. */
export function WorkingFromFile({ name, size }: { name: string; size: number }) {
  return (
    <p className="csv-source">
      Working from the file <strong>{name}</strong> ({(size / 1_048_576).toFixed(1)} MB), too large to show above. Type or paste in the box to use text instead.
    </p>
  );
}
