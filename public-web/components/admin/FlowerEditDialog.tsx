import { useEffect, useState, type FormEvent } from "react";
import { FLOWERS } from "../../../shared/flowers";
import { FlowerEntryInput, type AdminFlowerDto, type FlowerEntry } from "../../../shared/schemas/admin";
import { Dialog } from "../ui/Dialog";
import { Field } from "../ui/Field";
import { FamilyLinkPanel, type FamilyLinkActions } from "./FamilyLinkPanel";

interface FlowerEditDialogProps {
  /** The flower being edited; null keeps the dialog closed. */
  flower: AdminFlowerDto | null;
  busy?: boolean;
  /** Field errors from the server (path → sentence). */
  serverErrors?: Record<string, string>;
  onSave(input: FlowerEntry): void;
  onCancel(): void;
  /** Sending and closing the family's private links, where this admin offers them. */
  familyLinks?: FamilyLinkActions;
}

type Form = { babyFirstName: string; babyMiddleName: string; babyLastName: string; lossDate: string; flowerType: string };

const fromFlower = (f: AdminFlowerDto | null): Form => ({
  babyFirstName: f?.babyFirstName ?? "",
  babyMiddleName: f?.babyMiddleName ?? "",
  babyLastName: f?.babyLastName ?? "",
  lossDate: f?.lossDate ?? "",
  flowerType: f?.flowerType ?? "",
});

/** Editing one flower: first name required, the rest optional, one of the ten flowers. */
export function FlowerEditDialog({ flower, busy, serverErrors = {}, onSave, onCancel, familyLinks }: FlowerEditDialogProps) {
  const [form, setForm] = useState<Form>(fromFlower(flower));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setForm(fromFlower(flower));
    setErrors({});
  }, [flower]);

  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = FlowerEntryInput.safeParse(form);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    onSave(parsed.data);
  };
  const error = (key: keyof Form) => errors[key] ?? serverErrors[key];

  return (
    <Dialog open={flower !== null} onClose={onCancel} title="Edit memorial flower" description="Change the baby's names, the date of loss or the flower.">
      <form onSubmit={submit} noValidate className="admin-form">
        <Field label="First Name" required error={error("babyFirstName")}>
          <input value={form.babyFirstName} onChange={set("babyFirstName")} autoComplete="off" />
        </Field>
        <Field label="Middle Name" error={error("babyMiddleName")}>
          <input value={form.babyMiddleName} onChange={set("babyMiddleName")} autoComplete="off" />
        </Field>
        <Field label="Last Name" hint="A first initial is fine for privacy." error={error("babyLastName")}>
          <input value={form.babyLastName} onChange={set("babyLastName")} autoComplete="off" />
        </Field>
        <Field label="Date of Loss" hint="Optional free text, such as a month and year or a season." error={error("lossDate")}>
          <input value={form.lossDate} onChange={set("lossDate")} autoComplete="off" />
        </Field>
        <Field label="Flower" required error={error("flowerType")}>
          <select value={form.flowerType} onChange={set("flowerType")}>
            <option value="">Choose a flower</option>
            {FLOWERS.map((f) => (
              <option key={f.type} value={f.type}>
                {f.label} ({f.meaning})
              </option>
            ))}
          </select>
        </Field>
        <div className="admin-actions admin-actions--end">
          <button type="button" className="btn btn--secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? "Saving..." : "Save changes"}
          </button>
        </div>
      </form>
      {familyLinks ? <FamilyLinkPanel {...familyLinks} /> : null}
    </Dialog>
  );
}
