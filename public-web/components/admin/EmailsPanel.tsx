import { formatDateTime } from "../../../shared/dates";
import type { OutboxMessageDto } from "../../../shared/schemas/adminTools";
import type { RemembranceNoteCounts } from "../../../shared/schemas/adminTools";

interface EmailsPanelProps {
  /** False when this server has no email tools (the calls answer 404). */
  available: boolean;
  loading: boolean;
  failed: readonly OutboxMessageDto[];
  busyId?: number | null;
  onExport(): void;
  onRetry(id: number): void;
  /** The remembrance notes' counts, when this server sends them. */
  notes?: RemembranceNoteCounts | null;
}

/** The families' updates list export, and the emails that could not be sent, each with Retry. */
export function EmailsPanel({ available, loading, failed, busyId, onExport, onRetry, notes }: EmailsPanelProps) {
  if (!available) return <p className="admin-empty">Email tools are not available on this server.</p>;
  return (
    <div className="emails-panel">
      <section aria-labelledby="emails-export">
        <h3 id="emails-export">Monthly updates list</h3>
        <p>Download the families who asked for monthly updates, as a CSV file.</p>
        <button type="button" className="btn btn--secondary" onClick={onExport}>
          Export mailing list
        </button>
      </section>
      {notes ? (
        <section aria-labelledby="emails-notes">
          <h3 id="emails-notes">Gentle remembrance notes</h3>
          <p>Families who asked for a note on their dates. Only the numbers are shown here: the notes are the families' own.</p>
          <dl className="admin-counts">
            <dt>Receiving notes</dt>
            <dd>{notes.receiving}</dd>
            <dt>Waiting for the family to confirm</dt>
            <dd>{notes.waiting}</dd>
            <dt>Paused until next year</dt>
            <dd>{notes.paused}</dd>
            <dt>Notes sent this year</dt>
            <dd>{notes.sentThisYear}</dd>
          </dl>
        </section>
      ) : null}
      <section aria-labelledby="emails-failed">
        <h3 id="emails-failed">Emails that could not be sent</h3>
        {loading ? (
          <p role="status">Loading...</p>
        ) : failed.length === 0 ? (
          <p className="admin-empty">No failed emails.</p>
        ) : (
          <ul className="admin-list">
            {failed.map((m) => (
              <li key={m.id} className="admin-card">
                <p className="admin-card__title">{m.subject}</p>
                <p>
                  To {m.to} · {m.attempts} attempt{m.attempts === 1 ? "" : "s"} · queued {formatDateTime(m.createdAt)}
                </p>
                {m.lastError ? <p className="admin-card__private">Last error: {m.lastError}</p> : null}
                <button type="button" className="btn btn--secondary" onClick={() => onRetry(m.id)} disabled={busyId === m.id}>
                  Retry
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
