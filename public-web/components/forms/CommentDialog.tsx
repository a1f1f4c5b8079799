import { useEffect, useId, useRef, useState } from "react";
import type { CommentCategory, CommentLibraryDto, PublicMemorialDto } from "../../../shared/schemas/public";
import { api, messageFor } from "../../lib/api";
import { fullName, GARDEN_PATH } from "../../../shared/garden";
import { pathInLocale } from "../../../shared/i18n/paths";
import { msg, useLocale, useT } from "../../lib/i18n";
import { usePageData } from "../../lib/pageData";
import { useQuery } from "../../lib/queries";
import { Dialog } from "../ui/Dialog";
import { Field } from "../ui/Field";
import { Spinner } from "../ui/Spinner";
import { FormSent, SubmitButton, useVisitorForm, VisitorFormFrame } from "./FormParts";
import { useForm } from "./useForm";
import "../../styles/forms.css";

const commentsKey = (flowerId: number) => `/api/memorial-flowers/${flowerId}/comments` as const;
const LIBRARY_KEY = "/api/comment-library";

interface CommentDialogProps {
  /** The flower whose comments are shown; kept while the dialog closes. Never one whose comments are off: its card offers none. */
  flower: PublicMemorialDto | null;
  open: boolean;
  onClose(): void;
}

/** A memorial's comments: approved messages, and "Leave a Comment" with a library message. */
export default function CommentDialog({ flower, open, onClose }: CommentDialogProps) {
  const t = useT();
  const title = flower ? (
    <>
      {fullName(flower)}
      {flower.lossDate ? <span className="comment-dialog__date">, {flower.lossDate}</span> : null}
    </>
  ) : (
    t("Comments")
  );
  return (
    <Dialog open={open} onClose={onClose} title={title} className="comment-dialog">
      {/* Mounted only while open: comments are fetched only then. */}
      {open && flower ? <CommentPanel key={flower.id} flowerId={flower.id} /> : null}
    </Dialog>
  );
}

export function CommentPanel({ flowerId }: { flowerId: number }) {
  const comments = useQuery(commentsKey(flowerId), () => api.get(commentsKey(flowerId)));
  const [showForm, setShowForm] = useState(false);
  const [sent, setSent] = useState(false);
  const t = useT();
  const locale = useLocale();
  const leaveButton = useRef<HTMLAnchorElement>(null);
  const wasShown = useRef(false);

  // When the form is cancelled, focus returns to the button that opened it (after a send it goes to the success text).
  useEffect(() => {
    if (wasShown.current && !showForm && !sent) leaveButton.current?.focus();
    wasShown.current = showForm;
  }, [showForm, sent]);

  const visible = (comments.data ?? []).filter((c) => c.commenterName && c.commentText);
  return (
    <div className="comment-panel">
      <section className="comment-panel__list" aria-label={t("Comments")}>
        {comments.isLoading ? (
          <Spinner label={t("Loading comments...")} />
        ) : comments.error ? (
          <p role="alert">{messageFor(comments.error, t("We could not load the comments just now. Please try again later."), t)}</p>
        ) : visible.length === 0 ? (
          <p className="comment-panel__empty">{t("No comments yet. Be the first to leave a thoughtful message.")}</p>
        ) : (
          <ul className="comment-list">
            {visible.map((c) => (
              <li key={c.id} className={`comment-list__item comment-list__item--${c.commentCategory}`}>
                {/* A library message's words in each language come with the page's catalog (public-server/lib/catalogs.ts). */}
                <p className="comment-list__text">{t(c.commentText)}</p>
                <p className="comment-list__name">{c.commenterName}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      {sent && !showForm ? <FormSent {...COMMENT_SENT} /> : null}
      {showForm ? (
        <CommentForm
          flowerId={flowerId}
          onCancel={() => setShowForm(false)}
          onSent={() => {
            setSent(true);
            setShowForm(false);
          }}
        />
      ) : (
        // A link to the garden's server-rendered comment form, so it works before (or without) JavaScript;
        // with JavaScript the form opens here instead.
        <a
          ref={leaveButton}
          href={`${pathInLocale(GARDEN_PATH, locale)}?comment=${flowerId}#${COMMENT_ANCHOR}`}
          className="btn"
          onClick={(event) => {
            event.preventDefault();
            setSent(false);
            setShowForm(true);
          }}
        >
          {t("Leave a Comment")}
        </a>
      )}
    </div>
  );
}

const EMPTY = { commenterName: "", commentLibraryId: "", website: "" };
const COMMENT_SENT = { title: msg("Comment Submitted"), message: msg("Your comment has been submitted for review. It will appear after approval.") };

interface CommentFormProps {
  flowerId: number;
  /** The messages to choose from when the server rendered them; otherwise they are fetched. */
  library?: CommentLibraryDto[];
  onCancel?(): void;
  onSent?(): void;
}

/**
 * "Leave a Comment": a name and a message from the library. In the dialog it
 * sends with JavaScript; rendered by the server (a memorial's comment form
 * reached without JavaScript) it posts as a plain form to its page.
 */
export function CommentForm({ flowerId, library: given, onCancel, onSent }: CommentFormProps) {
  const library = useQuery(LIBRARY_KEY, () => api.get(LIBRARY_KEY), { enabled: !given });
  const form = useForm("comment", EMPTY, "change");
  const nameInput = useRef<HTMLInputElement>(null);
  const t = useT();
  const inDialog = Boolean(onCancel);

  useEffect(() => {
    if (inDialog) nameInput.current?.focus();
  }, [inDialog]);

  // Errors show as soon as a field changes, so focus stays where the person is.
  const { pending, frame } = useVisitorForm(
    "comment",
    form,
    COMMENT_ANCHOR,
    {
      send: (v) =>
        api.post(commentsKey(flowerId), {
          commenterName: v.commenterName,
          commentLibraryId: Number(v.commentLibraryId),
          memorialFlowerId: flowerId,
          website: v.website,
        }),
      success: COMMENT_SENT,
      failure: { title: msg("Submission Error"), fallback: msg("Failed to submit comment. Please try again.") },
      refresh: commentsKey(flowerId),
      onSuccess: onSent,
    },
    { focusOnError: false },
  );

  const entries = given ?? library.data ?? [];
  const loadingLibrary = !given && library.isLoading;
  return (
    <VisitorFormFrame
      {...frame}
      // In the dialog, the part that opened it shows the thanks once the form closes.
      sent={inDialog ? null : COMMENT_SENT}
      className="comment-form"
      label={t("Leave a Comment")}
      hidden={<input type="hidden" name="memorialFlowerId" value={flowerId} />}
      actions={
        <div className="comment-form__actions">
          {onCancel ? (
            <button type="button" className="btn btn--outline" onClick={onCancel} disabled={pending}>
              {t("Cancel")}
            </button>
          ) : null}
          <SubmitButton pending={pending} incomplete={!form.isValid} className="btn">
            {t("Submit Comment")}
          </SubmitButton>
        </div>
      }
    >
      <Field label={t("Your Name")} required error={form.errors.commenterName}>
        <input ref={nameInput} type="text" autoComplete="name" {...form.text("commenterName")} />
      </Field>
      <Field
        label={t("Message")}
        required
        error={form.errors.commentLibraryId}
        hint={t("Choose one of our messages of comfort; every comment is read before it appears.")}
      >
        {loadingLibrary ? (
          <select disabled value="" name="commentLibraryId" onChange={() => undefined}>
            <option value="">{t("Loading messages...")}</option>
          </select>
        ) : (
          <select {...form.text("commentLibraryId")}>
            <option value="">{t("Choose a message")}</option>
            {MESSAGE_GROUPS.map(({ category, label }) => {
              const messages = entries.filter((m) => m.category === category);
              return messages.length ? (
                <optgroup key={category} label={t(label)}>
                  {messages.map((m) => (
                    <option key={m.id} value={String(m.id)}>
                      {t(m.text)}
                    </option>
                  ))}
                </optgroup>
              ) : null;
            })}
          </select>
        )}
      </Field>
      {!given && library.error ? (
        <p role="alert">{messageFor(library.error, t("We could not load the messages just now. Please try again later."), t)}</p>
      ) : null}
    </VisitorFormFrame>
  );
}

const COMMENT_ANCHOR = "leave-comment";

/** The library's two kinds of message, in the order the list shows them. */
const MESSAGE_GROUPS = [
  { category: "standard", label: msg("Words of comfort") },
  { category: "biblical", label: msg("From Scripture") },
] as const satisfies readonly { category: CommentCategory; label: string }[];

/**
 * A memorial's comment form rendered by the server: shown when the garden is
 * opened for one memorial (?comment=<id>) or after its plain post, so leaving
 * a comment works before JavaScript.
 */
export function ServerCommentForm() {
  const { comment } = usePageData();
  const headingId = useId();
  const t = useT();
  if (!comment) return null;
  return (
    <section id={COMMENT_ANCHOR} className="garden-section comment-form-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("Leave a Comment for {name}", { name: fullName(comment.flower) })}</h2>
      <CommentForm flowerId={comment.flower.id} library={comment.library} />
    </section>
  );
}
