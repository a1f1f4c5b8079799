import { useApp } from "../desktop";
import { CSV_TASK_PROGRESS, IN_PROGRESS } from "../../../shared/messages";

/** Progress reported by main: a real bar for chunked updates, an indeterminate one for single requests. */
export function ProgressBar({ task }: { task: "upload" | "update" | "import" }) {
  const progress = useApp((s) => s.progress);
  const mine = progress && progress.task === task ? progress : null;
  const determinate = mine && !mine.indeterminate;
  return (
    <div className="progress" role="status">
      <label>
        {CSV_TASK_PROGRESS[task]}
        {determinate ? ` (${mine.current} of ${mine.total})` : "..."}
        {determinate ? <progress max={mine.total} value={mine.current} /> : <progress aria-valuetext={IN_PROGRESS} />}
      </label>
    </div>
  );
}
