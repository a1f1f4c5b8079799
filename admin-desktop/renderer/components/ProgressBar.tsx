import { useApp } from "../desktop";

const LABEL = { upload: "Uploading memorial flowers", update: "Updating memorial flowers", import: "Importing memorial flowers" } as const;

/** Progress reported by main: a real bar for chunked updates, an indeterminate one for single requests. */
export function ProgressBar({ task }: { task: "upload" | "update" | "import" }) {
  const progress = useApp((s) => s.progress);
  const mine = progress && progress.task === task ? progress : null;
  const determinate = mine && !mine.indeterminate;
  return (
    <div className="progress" role="status">
      <label>
        {LABEL[task]}
        {determinate ? ` (${mine.current} of ${mine.total})` : "..."}
        {determinate ? <progress max={mine.total} value={mine.current} /> : <progress aria-valuetext="In progress" />}
      </label>
    </div>
  );
}
