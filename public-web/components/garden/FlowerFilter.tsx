import { FLOWERS } from "../../../shared/flowers";
import { FlowerImage } from "../flowers/FlowerImage";

/** The ten flowers in two rows of five; pressing one filters by it, pressing it again clears the filter. */
export function FlowerFilter({ selected, onToggle }: { selected: string | null; onToggle(type: string): void }) {
  return (
    <div className="flower-filter" role="group" aria-label="Filter by flower">
      {FLOWERS.map((flower) => (
        <button key={flower.type} type="button" className="flower-filter__button" aria-pressed={selected === flower.type} onClick={() => onToggle(flower.type)}>
          <FlowerImage type={flower.type} size="icon" decorative />
          <span>{flower.label}</span>
        </button>
      ))}
    </div>
  );
}
