import { useMemo, useState, type ChangeEvent } from "react";
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
}

/** The Bulk Upload tab (SPEC §2, §5): CSV text or a file, a preview, Upload and Update. */
export function BulkUploadPanel({ onUpload, onUpdate, onNotice }: BulkUploadPanelProps) {
  const [text, setText] = useState("");
  const [notice, setNotice] = useState<CsvNotice | null>(null);
  const [status, setStatus] = useState<BulkStatus>({ state: "idle" });
  const preview = useMemo(() => (text.trim() ? parseFlexibleCsv(text) : null), [text]);
  const running = status.state === "running";

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
    setStatus({ state: "running", count: check.entries.length });
    try {
      const message = mode === "upload" ? await onUpload(check.entries) : await onUpdate(check.entries as (FlowerEntry & { id: number })[]);
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
