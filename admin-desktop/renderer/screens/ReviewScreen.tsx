import { useEffect, useState } from "react";
import { formatDateTime } from "../../../shared/dates";
import { CommentCard } from "../../../public-web/components/admin/CommentCard";
import { FlowerCard } from "../../../public-web/components/admin/FlowerCard";
import { TestimonialCard } from "../../../public-web/components/admin/TestimonialCard";
import type { DecisionAction, ItemKind, ReviewItem } from "../../ipc";
import { desktop, refreshReview, useApp } from "../desktop";
import { QueueList } from "../components/QueueList";

const SECTIONS: { kind: ItemKind; title: string; empty: string }[] = [
  { kind: "testimonial", title: "Testimonials", empty: "No pending testimonials." },
  { kind: "flower", title: "Memorial Flowers", empty: "No pending memorial flowers." },
  { kind: "comment", title: "Comments", empty: "No pending memorial comments." },
];

/**
 * Offline review: download the pending items once, decide with or without a
 * connection; decisions wait in the queue below until they are sent.
 */
export function ReviewScreen() {
  const review = useApp((s) => s.review);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void refreshReview();
  }, []);

  const download = async () => {
    setBusy(true);
    setMessage(null);
    const res = await desktop().downloadForReview();
    setBusy(false);
    if (!res.ok) return setMessage({ text: res.error, error: true });
    useApp.setState({ review: res.value });
    const n = res.value.items.length;
    setMessage({ text: `Downloaded ${n} item${n === 1 ? "" : "s"} waiting for review. You can now decide even without a connection.`, error: false });
  };

  const decide = async (entry: ReviewItem, action: DecisionAction) => {
    const res = await desktop().decide({ kind: entry.kind, itemId: entry.item.id, version: entry.item.version, action });
    if (!res.ok) setMessage({ text: res.error, error: true });
    await refreshReview();
  };

  const items = review?.items ?? [];
  return (
    <div className="review">
      <div className="toolbar">
        <button type="button" className="btn btn--primary" onClick={() => void download()} disabled={busy}>
          {busy ? "Downloading..." : "Download for review"}
        </button>
        <span className="toolbar__note">{review?.downloadedAt ? `Downloaded ${formatDateTime(review.downloadedAt)}` : "Nothing downloaded yet."}</span>
      </div>
      {message ? (
        <p className={`notice ${message.error ? "notice--error" : "notice--info"}`} role={message.error ? "alert" : "status"}>
          {message.text}
        </p>
      ) : null}
      <QueueList queue={review?.queue ?? []} onChanged={refreshReview} onMessage={(text) => setMessage({ text, error: true })} />
      {SECTIONS.map((section) => {
        const list = items.filter((e) => e.kind === section.kind);
        return (
          <section key={section.kind} className="review__section" aria-labelledby={`review-${section.kind}`}>
            <h2 id={`review-${section.kind}`}>
              {section.title} <span className="count">({list.length})</span>
            </h2>
            {review?.downloadedAt && list.length === 0 ? <p className="admin-empty">{section.empty}</p> : null}
            <ul className="admin-list">
              {list.map((entry) => (
                <li key={`${entry.kind}-${entry.item.id}`}>
                  <ReviewCard entry={entry} onDecide={(action) => void decide(entry, action)} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

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
