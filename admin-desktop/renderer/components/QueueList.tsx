import type { QueueItem } from "../../ipc";
import { plural } from "../../words";
import { desktop, useApp } from "../desktop";

interface QueueListProps {
  queue: readonly QueueItem[];
  onChanged(): void;
  onMessage(text: string): void;
}

const ACTION = { approve: "Approve", decline: "Decline" } as const;

/** Decisions waiting to be sent, conflicts to settle, and what was sent. */
export function QueueList({ queue, onChanged, onMessage }: QueueListProps) {
  const serverUrl = useApp((s) => s.status?.serverUrl ?? null);
  const waiting = queue.filter((q) => q.state === "pending" || q.state === "sending");
  const attention = queue.filter((q) => q.state === "conflict" || q.state === "failed");
  const done = queue.filter((q) => q.state === "applied");

  const act = async (call: Promise<{ ok: boolean; error?: string }>) => {
    const res = await call;
    if (!res.ok && res.error) onMessage(res.error);
    onChanged();
  };

  return (
    <div className="queue">
      {attention.length > 0 ? (
        <section aria-labelledby="queue-attention" className="queue__section queue__section--attention">
          <h2 id="queue-attention">Needs your attention</h2>
          <p className="field__hint">
            {attention.length === 1 ? "This item" : "These items"} changed on the server after you reviewed {attention.length === 1 ? "it" : "them"}, so your
            decision was not applied. Nothing was overwritten: choose what to do with each.
          </p>
          <ul className="queue__list">
            {attention.map((q) => (
              <li key={q.id} className="queue__item" data-testid="conflict">
                <div>
                  <strong>{ACTION[q.action]}</strong> · {q.label}
                  <p className="queue__reason">{q.reason}</p>
                  <p className="queue__current">{describeCurrent(q)}</p>
                </div>
                <div className="admin-actions">
                  {q.current && !q.current.item.approved ? (
                    <button type="button" className="btn btn--secondary" onClick={() => void act(desktop().reviewAgain(q.id))}>
                      Review again
                    </button>
                  ) : null}
                  <button type="button" className="btn btn--secondary" onClick={() => void act(desktop().discardDecision(q.id))}>
                    Discard my decision
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {waiting.length > 0 ? (
        <section aria-labelledby="queue-waiting" className="queue__section">
          <h2 id="queue-waiting">Waiting to be sent ({waiting.length})</h2>
          <ol className="queue__list">
            {waiting.map((q) => (
              <li key={q.id} className="queue__item" data-testid="queued">
                <span>
                  <strong>{ACTION[q.action]}</strong> · {q.label}
                  {q.state === "sending" ? " · being checked" : ""}
                  {q.server !== serverUrl ? ` · waits for ${q.server}` : ""}
                </span>
                {q.state === "pending" ? (
                  <button
                    type="button"
                    className="btn btn--small btn--secondary"
                    onClick={() => void act(desktop().undoDecision(q.id))}
                    aria-label={`Undo: ${ACTION[q.action]} ${q.label}`}
                  >
                    Undo
                  </button>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {done.length > 0 ? (
        <section aria-labelledby="queue-done" className="queue__section queue__section--done">
          <div className="queue__head">
            <h2 id="queue-done">Sent ({done.length})</h2>
            <button type="button" className="btn btn--small btn--secondary" onClick={() => void act(desktop().clearSent())}>
              Clear all
            </button>
          </div>
          {/* One line, closed by default: a long history must not push the items to review down the page. */}
          <details className="queue__details" data-testid="sent">
            <summary>Show the {plural(done.length, "sent decision")}</summary>
            <ul className="queue__list queue__list--compact">
              {done.map((q) => (
                <li key={q.id} className="queue__item">
                  {q.action === "approve" ? "Approved" : "Declined"} · {q.label}
                </li>
              ))}
            </ul>
          </details>
        </section>
      ) : null}
    </div>
  );
}

function describeCurrent(q: QueueItem): string {
  if (q.current === null) return "On the server now: it is no longer there.";
  if (!q.current) return "";
  return q.current.item.approved ? "On the server now: it is live (approved)." : "On the server now: still waiting, but edited since you read it.";
}
