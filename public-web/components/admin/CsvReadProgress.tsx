import { useId } from "react";

/** How far the reading of a chosen CSV file has come (it runs in a worker; the page stays usable). */
export function CsvReadProgress({ fileName, fraction }: { fileName: string; fraction: number }) {
  const id = useId();
  const percent = Math.min(100, Math.max(0, Math.round(fraction * 100)));
  return (
    <div className="csv-progress">
      <p id={id} className="csv-progress__label">
        Reading {fileName}… {percent}%
      </p>
      <progress className="csv-progress__bar" aria-labelledby={id} max={100} value={percent} />
    </div>
  );
}
