import { IN_PROGRESS } from "../../../shared/messages";

export type BulkStatus = { state: "idle" } | { state: "running"; count: number } | { state: "success"; message: string } | { state: "error"; message: string };

/** The product's success line (and the server's message), the error, or a progress indicator while running. */
export function BulkResult({ status }: { status: BulkStatus }) {
  if (status.state === "idle") return null;
  if (status.state === "running") {
    return (
      <div className="bulk-result bulk-result--running" role="status">
        <div className="admin-progress" role="progressbar" aria-label="Processing memorial flowers" aria-valuetext={IN_PROGRESS}>
          <span className="admin-progress__bar" />
        </div>
        <p>
          Processing {status.count} memorial flower{status.count === 1 ? "" : "s"}...
        </p>
      </div>
    );
  }
  if (status.state === "success") {
    return (
      <div className="bulk-result bulk-result--success" role="status">
        <p>
          <strong>Operation completed successfully! Memorial flowers have been processed.</strong>
        </p>
        <p>{status.message}</p>
      </div>
    );
  }
  return (
    <div className="bulk-result bulk-result--error" role="alert">
      <p>{status.message}</p>
    </div>
  );
}
