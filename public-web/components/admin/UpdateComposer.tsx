import { useState } from "react";
import { Field } from "../ui/Field";
import { ConfirmDialog } from "./ConfirmDialog";
import type { UpdatePreviewDto } from "../../../shared/schemas/adminTools";

interface UpdateComposerProps {
  busy?: boolean;
  /** Field sentences from the server's last answer. */
  errors?: Record<string, string>;
  onPreview(update: { subject: string; text: string }): Promise<UpdatePreviewDto | null>;
  /** Sends what was previewed; answers whether it was queued (the composer then starts afresh). */
  onSend(update: { subject: string; text: string }): Promise<boolean>;
}

const families = (n: number) => `${n} ${n === 1 ? "family" : "families"}`;

/**
 * The monthly update, written here in plain text and sent by the server to
 * every family on the updates list: first a preview with the count of
 * addresses, then a confirmation naming that count. Changing the text after
 * a preview asks for a new one.
 */
export function UpdateComposer({ busy, errors = {}, onPreview, onSend }: UpdateComposerProps) {
  const [subject, setSubject] = useState("");
  const [text, setText] = useState("");
  const [preview, setPreview] = useState<UpdatePreviewDto | null>(null);
  const [confirming, setConfirming] = useState(false);
  const edit = (set: (v: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value);
    setPreview(null);
  };
  return (
    <section aria-labelledby="emails-update">
      <h3 id="emails-update">Send the monthly update</h3>
      <p>
        Write the update in plain text, with an empty line between paragraphs. Each family receives it with their own greeting and a link to stop the updates.
      </p>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setPreview(await onPreview({ subject, text }));
        }}
      >
        <Field label="Subject" required error={errors.subject}>
          <input type="text" value={subject} onChange={edit(setSubject)} maxLength={150} />
        </Field>
        <Field label="The update" required error={errors.text}>
          <textarea value={text} onChange={edit(setText)} rows={10} />
        </Field>
        <button type="submit" className="btn btn--secondary" disabled={busy}>
          Preview
        </button>
      </form>
      {preview ? (
        <section aria-labelledby="emails-update-preview" className="update-preview">
          <h4 id="emails-update-preview">Preview</h4>
          <pre className="update-preview__text">{preview.text}</pre>
          <p>{preview.recipients ? `It will go to ${families(preview.recipients)}.` : "Nobody is on the updates list yet."}</p>
          {preview.recipients ? (
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => setConfirming(true)}>
              Send to {families(preview.recipients)}
            </button>
          ) : null}
        </section>
      ) : null}
      <ConfirmDialog
        open={confirming && preview !== null}
        title={`Send this update to ${families(preview?.recipients ?? 0)}?`}
        description="Each family on the updates list receives it once. It cannot be called back."
        confirmLabel="Send the update"
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          const sent = await onSend({ subject, text });
          setConfirming(false);
          if (sent) {
            setSubject("");
            setText("");
            setPreview(null);
          }
        }}
      />
    </section>
  );
}
