import { memo } from "react";
import { FLOWERS } from "../../../shared/flowers";
import type { GardenQuery } from "../../../shared/garden";
import { FlowerImage } from "../flowers/FlowerImage";
import { useT } from "../../lib/i18n";
import { GardenLink } from "./GardenLink";

/** The ten flowers in two rows of five; each links to the garden filtered by it, the active one back to every flower. */
export const FlowerFilter = memo(function FlowerFilter({ query, onGo }: { query: GardenQuery; onGo(to: Partial<GardenQuery>): void }) {
  const t = useT();
  return (
    <div className="flower-filter" role="group" aria-label={t("Filter by flower")}>
      {FLOWERS.map((flower) => {
        const active = query.flower === flower.type;
        return (
          <GardenLink
            key={flower.type}
            to={{ ...query, flower: active ? null : flower.type, page: 1 }}
            onGo={onGo}
            className="flower-filter__button"
            current={active}
          >
            <FlowerImage type={flower.type} size="icon" decorative />
            <span>{t(flower.label)}</span>
          </GardenLink>
        );
      })}
    </div>
  );
});
