import { useEffect, useId, useRef, useState } from "react";
import { csvFileTooLarge, INVALID_FILE, isCsvFile } from "../../../shared/csv";
import { desktop } from "../desktop";

interface CsvSourceProps {
  /** A file's bytes as they are: the screen reads them in a worker (shared/csv/read.ts), as the web admin does. */
  onFile(bytes: Uint8Array, fileName: string): void;
  onError(message: string): void;
}

/**
 * Where a CSV file comes from: the system dialog (main reads the chosen file) or
 * a file dropped here (read in the renderer). Either way only its bytes come to
 * the screen, and the renderer never sends a file path. Dropping is a pointer
 * gesture only; the button does the same from the keyboard, so the zone itself
 * is not a control (its drag listeners are attached directly, not as props of a
 * static element).
 */
export function CsvSource({ onFile, onError }: CsvSourceProps) {
  const [isOver, setOver] = useState(false);
  const hintId = useId();

  const choose = async () => {
    const res = await desktop().pickCsv();
    if (!res.ok) return onError(res.error);
    if (res.value) onFile(res.value.bytes, res.value.fileName);
  };

  const zone = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = zone.current;
    if (!el) return;
    const over = (e: DragEvent) => {
      e.preventDefault();
      setOver(true);
    };
    const leave = () => setOver(false);
    const drop = async (e: DragEvent) => {
      e.preventDefault();
      setOver(false);
      const file = e.dataTransfer?.files[0];
      if (!file) return;
      if (!isCsvFile(file)) return onError(`${INVALID_FILE.title}: ${INVALID_FILE.message}`);
      const tooLarge = csvFileTooLarge(file.size);
      if (tooLarge) return onError(`${tooLarge.title}: ${tooLarge.message}`);
      onFile(new Uint8Array(await file.arrayBuffer()), file.name);
    };
    const dropped = (e: DragEvent) => void drop(e);
    el.addEventListener("dragover", over);
    el.addEventListener("dragleave", leave);
    el.addEventListener("drop", dropped);
    return () => {
      el.removeEventListener("dragover", over);
      el.removeEventListener("dragleave", leave);
      el.removeEventListener("drop", dropped);
    };
  }, [onFile, onError]);

  return (
    <div ref={zone} className={`dropzone ${isOver ? "dropzone--over" : ""}`} data-testid="dropzone">
      <button type="button" className="btn btn--secondary" onClick={() => void choose()} aria-describedby={hintId}>
        Choose CSV file...
      </button>
      <p id={hintId} className="field__hint">
        Or drop a .csv file here.
      </p>
    </div>
  );
}
