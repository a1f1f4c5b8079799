import { useState } from "react";
import { Field } from "../ui/Field";
import { ConfirmDialog } from "./ConfirmDialog";
import type { UpdatePreviewDto } from "../../../shared/schemas/adminTools";
/** The update as written: in English, and in Spanish too when either Spanish field is filled in. */
export interface ComposedUpdate {
  subject: string;
  text: string;
  spanish: { subject: string; text: string } | null;
}

interface UpdateComposerProps {
  busy?: boolean;
  /** Field sentences from the server's last answer. */
  errors?: Record<string, string>;
  onPreview(update: ComposedUpdate): Promise<UpdatePreviewDto | null>;
  /** Sends what was previewed; answers whether it was queued (the composer then starts afresh). */
  onSend(update: ComposedUpdate): Promise<boolean>;
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
  const [spanishSubject, setSpanishSubject] = useState("");
  const [spanishText, setSpanishText] = useState("");
  const update: ComposedUpdate = {
    subject,
    text,
    spanish: spanishSubject.trim() || spanishText.trim() ? { subject: spanishSubject, text: spanishText } : null,
  };
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
        onSubmit={(event) => {
          event.preventDefault();
          void onPreview(update).then(setPreview);
        }}
      >
        <Field label="Subject" required error={errors.subject}>
          <input type="text" value={subject} onChange={edit(setSubject)} maxLength={150} />
        </Field>
        <Field label="The update" required error={errors.text}>
          <textarea value={text} onChange={edit(setText)} rows={10} />
        </Field>
        <fieldset className="update-spanish">
          <legend>In Spanish</legend>
          <p>
            Families who wrote to us in Spanish receive this version. Without it, they receive the English update, with their greeting and the link to stop the
            updates in Spanish.
          </p>
          <Field label="Subject in Spanish" optional error={errors["spanish.subject"]}>
            <input type="text" lang="es" value={spanishSubject} onChange={edit(setSpanishSubject)} maxLength={150} />
          </Field>
          <Field label="The update in Spanish" optional error={errors["spanish.text"]}>
            <textarea lang="es" value={spanishText} onChange={edit(setSpanishText)} rows={10} />
          </Field>
        </fieldset>
        <button type="submit" className="btn btn--secondary" disabled={busy}>
          Preview
        </button>
      </form>
      {preview ? (
        <section aria-labelledby="emails-update-preview" className="update-preview">
          <h4 id="emails-update-preview">Preview</h4>
          <pre className="update-preview__text">{preview.text}</pre>
          <p>{preview.recipients ? `It will go to ${families(preview.recipients)}.` : "Nobody is on the updates list yet."}</p>
          {preview.spanish ? (
            <>
              <h5>As a family who wrote in Spanish reads it</h5>
              <pre className="update-preview__text" lang="es">
                {preview.spanish.text}
              </pre>
              <p>
                {preview.spanish.recipients ? `Of them, ${families(preview.spanish.recipients)} wrote in Spanish.` : "Nobody on the list wrote in Spanish yet."}
              </p>
            </>
          ) : null}
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
        onConfirm={() =>
          void onSend(update).then((sent) => {
            setConfirming(false);
            if (sent) {
              setSubject("");
              setText("");
              setSpanishSubject("");
              setSpanishText("");
              setPreview(null);
            }
          })
        }
      />
    </section>
  );
}
