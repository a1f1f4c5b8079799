import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "../../../public-web/components/admin/ConfirmDialog";
import { formatDateTime } from "../../../shared/dates";
import { MODERATED_KINDS, MODERATION } from "../../../shared/moderation";
import { CommentCard } from "../../../public-web/components/admin/CommentCard";
import { FlowerCard } from "../../../public-web/components/admin/FlowerCard";
import { TestimonialCard } from "../../../public-web/components/admin/TestimonialCard";
import type { DecisionAction, ReviewItem } from "../../ipc";
import { copyNote, plural, waitingSentence } from "../../words";
import { askSignIn, desktop, refreshReview, useApp } from "../desktop";
import { QueueList } from "../components/QueueList";

/**
 * Offline review: download the pending items once, decide with or without a
 * connection; decisions wait in the queue below until they are sent.
 */
export function ReviewScreen() {
  const review = useApp((s) => s.review);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [declining, setDeclining] = useState<ReviewItem | null>(null);
  const signedIn = useApp((s) => Boolean(s.status?.user));
  const status = useApp((s) => s.status);

  useEffect(() => {
    void refreshReview();
  }, []);

  // After a decision the item leaves the list; keyboard users go on with the next one (or the one before).
  const screen = useRef<HTMLDivElement>(null);
  const [focusAfter, setFocusAfter] = useState<{ key: string | null } | null>(null);
  useEffect(() => {
    if (!focusAfter) return;
    const root = screen.current;
    const card = focusAfter.key ? root?.querySelector<HTMLElement>(`[data-review-key="${focusAfter.key}"] button`) : null;
    (card ?? root?.querySelector<HTMLElement>(".toolbar .btn"))?.focus();
    setFocusAfter(null);
  }, [review, focusAfter]);

  const download = async () => {
    setBusy(true);
    setMessage(null);
    const res = await desktop().downloadForReview();
    setBusy(false);
    if (!res.ok) return setMessage({ text: res.error, error: true });
    useApp.setState({ review: res.value });
    const left = res.value.notDownloaded
      ? ` ${plural(res.value.notDownloaded, "more item")} ${res.value.notDownloaded === 1 ? "stays" : "stay"} on the server for your next download.`
      : "";
    setMessage({
      text: `Downloaded ${plural(res.value.items.length, "item")} waiting for review. You can now decide even without a connection.${left} ${copyNote(status?.copyEncrypted ?? false)}`,
      error: false,
    });
  };

  const claim = async () => {
    const res = await desktop().claimDecisions();
    if (!res.ok) setMessage({ text: res.error, error: true });
    await refreshReview();
  };

  // A decline deletes the item for good once sent: asked once, as in the web admin.
  const ask = (entry: ReviewItem, action: DecisionAction) => (action === "decline" ? setDeclining(entry) : void decide(entry, action));

  const items = review?.items ?? [];
  // The cards in the order shown (by kind), for "the next item".
  const shown = MODERATED_KINDS.flatMap((kind) => items.filter((e) => e.kind === kind)).map(keyOf);

  const decide = async (entry: ReviewItem, action: DecisionAction) => {
    const at = shown.indexOf(keyOf(entry));
    const next = shown[at + 1] ?? shown[at - 1] ?? null;
    const res = await desktop().decide({ kind: entry.kind, itemId: entry.item.id, version: entry.item.version, action });
    if (!res.ok) setMessage({ text: res.error, error: true });
    await refreshReview();
    setFocusAfter({ key: res.ok ? next : keyOf(entry) });
  };

  return (
    <div className="review" ref={screen}>
      <div className="toolbar">
        <button type="button" className="btn btn--primary" onClick={() => (signedIn ? void download() : askSignIn())} disabled={busy}>
          {busy ? "Downloading..." : "Download for review"}
        </button>
        <span className="toolbar__note">{review?.downloadedAt ? `Downloaded ${formatDateTime(review.downloadedAt)}` : "Nothing downloaded yet."}</span>
      </div>
      {message ? (
        <p className={`notice ${message.error ? "notice--error" : "notice--info"}`} role={message.error ? "alert" : "status"}>
          {message.text}
        </p>
      ) : null}
      {status?.othersWaiting.length ? (
        <div className="notice notice--info" data-testid="others-waiting">
          {status.othersWaiting.map((group) => (
            <p key={`${group.owner ?? ""} ${group.server}`}>
              {waitingSentence(group, status.serverUrl)}
              {group.owner === null && status.user && group.server === status.serverUrl ? (
                <>
                  {" "}
                  <button type="button" className="btn btn--small btn--secondary" onClick={() => void claim()}>
                    These are mine
                  </button>
                </>
              ) : null}
            </p>
          ))}
        </div>
      ) : null}
      <QueueList queue={review?.queue ?? []} onChanged={() => void refreshReview()} onMessage={(text) => setMessage({ text, error: true })} />
      {MODERATED_KINDS.map((kind) => {
        const list = items.filter((e) => e.kind === kind);
        return (
          <section key={kind} className="review__section" aria-labelledby={`review-${kind}`}>
            <h2 id={`review-${kind}`}>
              {MODERATION[kind].title} <span className="count">({list.length})</span>
            </h2>
            {review?.downloadedAt && list.length === 0 ? <p className="admin-empty">{MODERATION[kind].emptyPending}</p> : null}
            <ul className="admin-list">
              {list.map((entry) => (
                <li key={keyOf(entry)} data-review-key={keyOf(entry)}>
                  <ReviewCard entry={entry} onDecide={(action) => ask(entry, action)} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <ConfirmDialog
        open={declining !== null}
        title={`Decline this ${declining ? MODERATION[declining.kind].noun : "item"}?`}
        description={`It will be permanently deleted when your decisions are sent, and will never appear on the site. Until then you can undo it in "Waiting to be sent".`}
        confirmLabel="Decline"
        onConfirm={() => {
          const entry = declining;
          setDeclining(null);
          if (entry) void decide(entry, "decline");
        }}
        onCancel={() => setDeclining(null)}
      />
    </div>
  );
}

const keyOf = (entry: ReviewItem) => `${entry.kind}-${entry.item.id}`;

/** The web admin's moderation cards; the offline copy has no email, so none is shown. */
function ReviewCard({ entry, onDecide }: { entry: ReviewItem; onDecide(action: DecisionAction): void }) {
  const approve = () => onDecide("approve");
  const decline = () => onDecide("decline");
  switch (entry.kind) {
    case "testimonial":
      return <TestimonialCard item={{ ...entry.item, email: null }} onApprove={approve} onDecline={decline} />;
    case "flower":
      return <FlowerCard item={{ ...entry.item, email: null }} onApprove={approve} onDecline={decline} />;
    case "comment":
      return <CommentCard item={entry.item} onApprove={approve} onDecline={decline} />;
  }
}
