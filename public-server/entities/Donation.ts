import { EntitySchema } from "typeorm";
import { createdAt, idColumn, text } from "./columns";

/** Donations: kept for the record; donating itself happens on the external platform. */
export interface Donation {
  id: number;
  donorName: string;
  donorEmail: string;
  amount: number;
  memorialNote: string | null;
  stripePaymentIntentId: string | null;
  status: string;
  createdAt: Date;
}

export const DonationEntity = new EntitySchema<Donation>({
  name: "Donation",
  tableName: "donations",
  columns: {
    id: idColumn,
    donorName: text("donor_name"),
    donorEmail: text("donor_email"),
    amount: { type: "real", name: "amount" },
    memorialNote: text("memorial_note", true),
    stripePaymentIntentId: text("stripe_payment_intent_id", true),
    status: { ...text("status"), default: "pending" },
    createdAt,
  },
});
