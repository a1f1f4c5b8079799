import { useEffect, useMemo, useState, type ChangeEvent } from "react";
import { checkBulk, INVALID_FILE, isCsvFile, parseFlexibleCsv, type CsvNotice } from "../../../shared/csv";
import type { FlowerEntry } from "../../../shared/schemas/admin";
import { Field } from "../ui/Field";
import { BulkResult, type BulkStatus } from "./BulkResult";
import { CsvPreviewTable } from "./CsvPreviewTable";
import { FlowerTypesHint } from "./FlowerTypesHint";

interface BulkUploadPanelProps {
  /** Sends new flowers; resolves with the server's message, rejects with a sentence to show. */
  onUpload(flowers: FlowerEntry[]): Promise<string>;
  /** Sends changes by id; same contract. */
  onUpdate(flowers: (FlowerEntry & { id: number })[]): Promise<string>;
  /** A check failed before sending ("No Data", "Invalid Data", "Missing IDs", "Invalid File"). */
  onNotice?(notice: CsvNotice): void;
  /** Positions of the entries that are already in the garden exactly (asked for the preview). */
  findDuplicates?(flowers: FlowerEntry[]): Promise<number[]>;
}

/** "12 rows match flowers already in the garden" (or the singular). */
export const duplicatesText = (n: number) => (n === 1 ? "1 row matches a flower already in the garden" : `${n} rows match flowers already in the garden`);

/** The Bulk Upload tab (SPEC §2, §5): CSV text or a file, a preview, Upload and Update. */
export function BulkUploadPanel({ onUpload, onUpdate, onNotice, findDuplicates }: BulkUploadPanelProps) {
  const [text, setText] = useState("");
  const [notice, setNotice] = useState<CsvNotice | null>(null);
  const [status, setStatus] = useState<BulkStatus>({ state: "idle" });
  const preview = useMemo(() => (text.trim() ? parseFlexibleCsv(text) : null), [text]);
  const running = status.state === "running";
  const [duplicates, setDuplicates] = useState<{ text: string; rows: number[] } | null>(null);
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  const found = duplicates?.text === text ? duplicates.rows : [];

  // Shortly after the text settles, ask which rows are already in the garden (for the warning in the preview).
  useEffect(() => {
    if (!findDuplicates) return;
    const check = text.trim() ? checkBulk(text, "upload") : null;
    if (!check?.ok) return;
    let live = true;
    const timer = setTimeout(() => {
      findDuplicates(check.entries).then(
        (rows) => live && setDuplicates({ text, rows }),
        () => live && setDuplicates(null),
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, findDuplicates]);

  const tell = (n: CsvNotice) => {
    setNotice(n);
    onNotice?.(n);
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    if (!isCsvFile(file)) {
      e.target.value = "";
      return tell(INVALID_FILE);
    }
    setNotice(null);
    setText(await file.text());
  };

  const send = async (mode: "upload" | "update") => {
    setNotice(null);
    const check = mode === "upload" ? checkBulk(text, "upload") : checkBulk(text, "update");
    if (!check.ok) return tell({ title: check.title, message: check.message });
    const skip = mode === "upload" && skipDuplicates ? new Set(found) : new Set<number>();
    const entries = check.entries.filter((_, i) => !skip.has(i));
    if (entries.length === 0) return tell({ title: "Nothing New", message: "Every row is already in the garden, so there is nothing to upload." });
    setStatus({ state: "running", count: entries.length });
    try {
      const message = mode === "upload" ? await onUpload(entries) : await onUpdate(entries as (FlowerEntry & { id: number })[]);
      setStatus({ state: "success", message });
    } catch (error) {
      setStatus({ state: "error", message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <div className="bulk-upload">
      <p>Add memorial flowers straight to the garden (they are approved at once), or change existing ones by their ID.</p>
      <FlowerTypesHint />
      <Field label="CSV data" hint="Paste the rows here, or choose a file below.">
        <textarea className="bulk-upload__text" rows={8} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
      </Field>
      <Field label="Or choose a CSV file">
        <input type="file" accept=".csv,text/csv" onChange={onFile} />
      </Field>
      {notice ? (
        <div className="bulk-result bulk-result--error" role="alert">
          <p>
            <strong>{notice.title}</strong>: {notice.message}
          </p>
        </div>
      ) : null}
      {preview && preview.errors.length > 0 ? (
        <ul className="admin-error" aria-label="Problems in the data">
          {preview.errors.map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </ul>
      ) : null}
      {found.length > 0 ? (
        <div className="bulk-duplicates" role="status">
          <p>
            <strong>{duplicatesText(found.length)}</strong>: same names, date of loss and flower.
          </p>
          <label>
            <input type="checkbox" checked={skipDuplicates} onChange={(e) => setSkipDuplicates(e.target.checked)} /> Skip {found.length === 1 ? "it" : "them"}{" "}
            when uploading
          </label>
        </div>
      ) : null}
      {preview ? <CsvPreviewTable rows={preview.rows} /> : null}
      <div className="admin-actions">
        <button type="button" className="btn btn--primary" onClick={() => send("upload")} disabled={running}>
          Upload
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => send("update")} disabled={running}>
          Update
        </button>
      </div>
      <BulkResult status={status} />
    </div>
  );
}
