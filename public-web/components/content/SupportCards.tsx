import { useT } from "../../lib/i18n";
import { Card } from "./Blocks";
import "../../styles/content.css";
import { CrossIcon, HeartIcon, LeafIcon } from "../ui/icons/Icon";

/** Finding Support's three cards. */
export function FindingSupportCards() {
  const t = useT();
  return (
    <div className="grid">
      <Card title={t("Remembrance & Prayer")} icon={<CrossIcon />}>
        <p>
          {t(
            "We pray with you and for your baby. We can help you plan a blessing, a memorial Mass or a simple moment of prayer, and your child can be remembered by name in our Garden of Remembrance.",
          )}
        </p>
      </Card>
      <Card title={t("Community & Peer Support")} icon={<HeartIcon />}>
        <p>
          {t(
            "You do not have to carry this alone. Our volunteers have lost children too, and they listen without judgement, by phone, in person or in a small group.",
          )}
        </p>
      </Card>
      <Card title={t("Resources & Guidance")} icon={<LeafIcon />}>
        <p>
          {t(
            "From practical next steps after a loss to trusted reading on grief and faith, we gather what families have found helpful and walk you through it.",
          )}
        </p>
      </Card>
    </div>
  );
}

/** The donation page's three support cards. */
export function DonationSupportCards() {
  const t = useT();
  return (
    <div className="grid">
      <Card title={t("Prayer Support")} icon={<CrossIcon />}>
        <p>{t("Our prayer volunteers hold every family and every baby in prayer, and we can pray with you by phone.")}</p>
      </Card>
      <Card title={t("Community Groups")} icon={<HeartIcon />}>
        <p>{t("Gentle peer groups where parents who have lost a baby share their stories and find they are not alone.")}</p>
      </Card>
      <Card title={t("Resources & Materials")} icon={<LeafIcon />}>
        <p>{t("Comfort letters, remembrance cards and reading on grief, hope and healing, sent free to families.")}</p>
      </Card>
    </div>
  );
}
