import { useState } from "react";
import { CommentCard, ConfirmDialog, EMPTY_TEXTS, FlowerCard, FlowerEditDialog, ModerationSection, TestimonialCard } from "../../../components/admin";
import type { AdminFlowerDto, FlowerEntry } from "../../../../shared/schemas/admin";
import { api, fieldErrors, messageFor } from "../../../lib/api";
import { notify, notifyError } from "../../../lib/toast";
import { KIND, refreshKind, useAdminList, useModeration, isGone, type Kind } from "../moderation";

function Confirm({ kind, m }: { kind: Kind; m: ReturnType<typeof useModeration> }) {
  const noun = KIND[kind].noun;
  const decline = m.confirming?.action === "decline";
  return (
    <ConfirmDialog
      open={m.confirming !== null}
      title={decline ? `Decline this ${noun}?` : `Remove this ${noun}?`}
      description={
        decline
          ? `The ${noun} will be permanently deleted and will never appear on the site. This cannot be undone.`
          : `The ${noun} will be taken off the site and permanently deleted. This cannot be undone.`
      }
      confirmLabel={decline ? "Decline" : "Remove"}
      busy={m.busyId !== null}
      onConfirm={m.confirm}
      onCancel={m.cancel}
    />
  );
}

const errorText = (error: unknown, noun: string) => (error ? messageFor(error, `We could not load the ${noun}s. Please reload the page.`) : undefined);

export function TestimonialsTab() {
  const list = useAdminList("testimonial");
  const m = useModeration("testimonial");
  return (
    <>
      <h2>Testimonials</h2>
      <ModerationSection
        noun="testimonials"
        items={list.data}
        loading={list.isLoading}
        error={errorText(list.error, "testimonial")}
        loadingLabel="Loading testimonials..."
        pendingEmpty={EMPTY_TEXTS.testimonial.pending}
        approvedEmpty={EMPTY_TEXTS.testimonial.approved}
        renderItem={(item) => (
          <TestimonialCard
            item={item}
            busy={m.busyId === item.id}
            onApprove={() => m.approve(item)}
            onDecline={() => m.ask("decline", item)}
            onRemove={() => m.ask("remove", item)}
          />
        )}
      />
      <Confirm kind="testimonial" m={m} />
    </>
  );
}

export function FlowersTab() {
  const list = useAdminList("flower");
  const m = useModeration("flower");
  const [editing, setEditing] = useState<AdminFlowerDto | null>(null);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const save = async (input: FlowerEntry) => {
    if (!editing) return;
    setSaving(true);
    try {
      await api.put(`${KIND.flower.path}/${editing.id}`, input, { "If-Match": `"${editing.version}"` });
      notify("Memorial Flower Updated", "The changes are saved and shown in the garden.");
      setEditing(null);
      setServerErrors({});
    } catch (error) {
      notifyError("Error", messageFor(error, "Failed to update memorial flower."));
      setServerErrors(fieldErrors(error));
      if (isGone(error)) setEditing(null);
    } finally {
      setSaving(false);
      refreshKind("flower");
    }
  };

  return (
    <>
      <h2>Memorial Flowers</h2>
      <ModerationSection
        noun="memorial flowers"
        items={list.data}
        loading={list.isLoading}
        error={errorText(list.error, "memorial flower")}
        loadingLabel="Loading memorial flowers..."
        pendingEmpty={EMPTY_TEXTS.flower.pending}
        approvedEmpty={EMPTY_TEXTS.flower.approved}
        renderItem={(item) => (
          <FlowerCard
            item={item}
            busy={m.busyId === item.id}
            onApprove={() => m.approve(item)}
            onDecline={() => m.ask("decline", item)}
            onRemove={() => m.ask("remove", item)}
            onEdit={() => {
              setServerErrors({});
              setEditing(item);
            }}
          />
        )}
      />
      <Confirm kind="flower" m={m} />
      <FlowerEditDialog flower={editing} busy={saving} serverErrors={serverErrors} onSave={save} onCancel={() => setEditing(null)} />
    </>
  );
}

export function CommentsTab() {
  const list = useAdminList("comment");
  const m = useModeration("comment");
  return (
    <>
      <h2>Memorial Comments</h2>
      <ModerationSection
        noun="memorial comments"
        items={list.data}
        loading={list.isLoading}
        error={errorText(list.error, "memorial comment")}
        loadingLabel="Loading memorial comments..."
        pendingEmpty={EMPTY_TEXTS.comment.pending}
        approvedEmpty={EMPTY_TEXTS.comment.approved}
        renderItem={(item) => (
          <CommentCard
            item={item}
            busy={m.busyId === item.id}
            onApprove={() => m.approve(item)}
            onDecline={() => m.ask("decline", item)}
            onRemove={() => m.ask("remove", item)}
          />
        )}
      />
      <Confirm kind="comment" m={m} />
    </>
  );
}
