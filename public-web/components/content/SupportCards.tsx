import { Card } from "./Blocks";
import "../../styles/content.css";
import { CrossIcon, HeartIcon, LeafIcon } from "../ui/icons/Icon";

/** Finding Support's three cards. */
export function FindingSupportCards() {
  return (
    <div className="grid">
      <Card title="Remembrance & Prayer" icon={<CrossIcon />}>
        <p>
          We pray with you and for your baby. We can help you plan a blessing, a memorial Mass or a simple moment of prayer, and your child can be remembered by
          name in our Garden of Remembrance.
        </p>
      </Card>
      <Card title="Community & Peer Support" icon={<HeartIcon />}>
        <p>
          You do not have to carry this alone. Our volunteers have lost children too, and they listen without judgement, by phone, in person or in a small
          group.
        </p>
      </Card>
      <Card title="Resources & Guidance" icon={<LeafIcon />}>
        <p>From practical next steps after a loss to trusted reading on grief and faith, we gather what families have found helpful and walk you through it.</p>
      </Card>
    </div>
  );
}

/** The donation page's three support cards. */
export function DonationSupportCards() {
  return (
    <div className="grid">
      <Card title="Prayer Support" icon={<CrossIcon />}>
        <p>Our prayer volunteers hold every family and every baby in prayer, and we can pray with you by phone.</p>
      </Card>
      <Card title="Community Groups" icon={<HeartIcon />}>
        <p>Gentle peer groups where parents who have lost a baby share their stories and find they are not alone.</p>
      </Card>
      <Card title="Resources & Materials" icon={<LeafIcon />}>
        <p>Comfort letters, remembrance cards and reading on grief, hope and healing, sent free to families.</p>
      </Card>
    </div>
  );
}
