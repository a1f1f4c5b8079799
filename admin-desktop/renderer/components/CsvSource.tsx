import { useId, useState, type DragEvent } from "react";
import { INVALID_FILE, isCsvFile } from "../../../shared/csv";
import { desktop } from "../desktop";

interface CsvSourceProps {
  onText(text: string, fileName: string): void;
  onError(message: string): void;
}

/**
 * Where CSV text comes from: the system dialog (main reads the chosen file) or
 * a file dropped here (read in the renderer; only its text goes to main).
 * The renderer never sends a file path.
 */
export function CsvSource({ onText, onError }: CsvSourceProps) {
  const [over, setOver] = useState(false);
  const hintId = useId();

  const choose = async () => {
    const res = await desktop().pickCsv();
    if (!res.ok) return onError(res.error);
    if (res.value) onText(res.value.text, res.value.fileName);
  };

  const drop = async (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (!file) return;
    if (!isCsvFile(file)) return onError(`${INVALID_FILE.title}: ${INVALID_FILE.message}`);
    if (file.size > 5 * 1024 * 1024) return onError("This file is too large for one import (at most 5 MB).");
    onText(await file.text(), file.name);
  };

  return (
    <div
      className={`dropzone ${over ? "dropzone--over" : ""}`}
      data-testid="dropzone"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => void drop(e)}
    >
      <button type="button" className="btn btn--secondary" onClick={() => void choose()} aria-describedby={hintId}>
        Choose CSV file...
      </button>
      <p id={hintId} className="field__hint">
        Or drop a .csv file here.
      </p>
    </div>
  );
}
