import { useEffect, useId, useRef, useState } from "react";
import { ConfirmDialog } from "../../../public-web/components/admin/ConfirmDialog";
import { CsvValidity } from "../../../public-web/components/admin/CsvValidity";
import type { StrictAnalysis } from "../../../shared/csv";
import { plural } from "../../words";
import { desktop, useApp } from "../desktop";
import { DEFAULT_EXPECTED_IMPORT_COUNT } from "../../../shared/constants";
import { ProgressBar } from "../components/ProgressBar";
import { CONFIRM_RESET_IMPORT } from "../../../shared/messages";

interface ResetImportPanelProps {
  /** The strict reading of the file or text (the screen's, in a worker; its rows are what is sent); null while it is read or for no text. */
  analysis: StrictAnalysis | null;
  fileName: string | undefined;
  source: number;
}

/** Reset-and-import with the product's strict rules, the admin key, and a confirmation before anything is deleted. */
export function ResetImportPanel({ analysis, fileName, source }: ResetImportPanelProps) {
  const [adminKey, setAdminKey] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // The result belongs to the file it was for: a new file clears it.
  const [outcome, setOutcome] = useState<{ source: number; ok: boolean; text: string } | null>(null);
  const result = outcome?.source === source ? outcome : null;
  const setResult = (next: { ok: boolean; text: string } | null) => setOutcome(next && { ...next, source });
  const keyId = useId();
  // The result is where the volunteer looks next: focused (so read out, and scrolled into sight above the status bar).
  const resultRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome) resultRef.current?.focus();
  }, [outcome]);
  // The count the server is set to (it told this app at sign-in); the product's default until it is known.
  const expected = useApp((s) => s.status?.user?.expectedImportCount) ?? DEFAULT_EXPECTED_IMPORT_COUNT;
  const rows = analysis?.valid ? analysis.rows : null;
  const ready = Boolean(rows && rows.length > 0 && adminKey);

  const run = async () => {
    // The dialog closes at once (the progress shows in the panel): closing it returns focus to its opener
    // a moment later, which must come before the result takes the focus.
    setConfirming(false);
    if (!rows) return;
    setBusy(true);
    setResult(null);
    const res = await desktop().resetAndImport({ rows, adminKey, confirmed: true });
    setBusy(false);
    if (!res.ok) return setResult({ ok: false, text: `Import Failed: ${res.error}` });
    setAdminKey("");
    setResult({
      ok: true,
      text: `Import Successful: Successfully imported ${plural(res.value.importedCount, "memorial flower")}. ${plural(res.value.deletedFlowersCount, "flower")} and ${plural(res.value.deletedCommentsCount, "comment")} were deleted first; the server kept a backup copy.`,
    });
  };

  return (
    <section className="csv__panel" aria-label="Reset and import">
      <p className="field__hint">
        The file needs exactly the columns First Name, Middle Name, Last Name, Date of Loss and Flower Type, and exactly {expected} rows.
      </p>
      <CsvValidity
        valid={analysis ? analysis.valid : null}
        errors={analysis?.errors ?? []}
        problemCount={analysis?.problemCount}
        summary={analysis ? `${plural(analysis.rowCount, "memorial flower entry", "memorial flower entries")} ready to import.` : undefined}
        fileName={fileName}
      />
      <div className="field">
        <label htmlFor={keyId}>Admin Key (Required)</label>
        <input id={keyId} type="password" autoComplete="off" value={adminKey} onChange={(e) => setAdminKey(e.target.value)} />
      </div>
      {ready ? (
        <button type="button" className="btn btn--danger" onClick={() => setConfirming(true)} disabled={busy}>
          Reset and import...
        </button>
      ) : null}
      {busy ? <ProgressBar task="import" /> : null}
      {result ? (
        <p ref={resultRef} tabIndex={-1} className={`notice ${result.ok ? "notice--success" : "notice--error"}`} role={result.ok ? "status" : "alert"}>
          {result.text}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Delete ALL flowers and comments?"
        description={`This deletes ALL existing memorial flowers and ALL their comments, then imports the ${plural(analysis?.rowCount ?? 0, "flower")} from this file. It cannot be undone. The server keeps a backup copy taken just before, which whoever runs the server can restore.`}
        confirmLabel={CONFIRM_RESET_IMPORT}
        busy={busy}
        onConfirm={() => void run()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
