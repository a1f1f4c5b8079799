import type { FlowerEntry } from "../../shared/schemas/admin";
import type { Services } from "../context";
import { MemorialFlowerEntity, type MemorialFlower } from "../entities/MemorialFlower";
import type { User } from "../entities/User";
import { NotFound, PreconditionFailed } from "../errors";
import { nameSearchText } from "../garden/searchText";

/** Changes one flower's names, date and type, under the version precondition. */
export async function editFlower(s: Services, id: number, input: FlowerEntry, expected: number | undefined, actor: User): Promise<MemorialFlower> {
  const saved = await s.db.transaction(async (tx) => {
    const flower = await tx.findOneBy(MemorialFlowerEntity, { id });
    if (!flower) throw NotFound("This memorial flower no longer exists.");
    if (expected !== undefined && flower.version !== expected) {
      throw PreconditionFailed("This memorial flower was changed by someone else since you opened it. Please reload it and try again.");
    }
    Object.assign(flower, input, { version: flower.version + 1, updatedAt: new Date() });
    Object.assign(flower, nameSearchText(flower));
    const result = await tx.save(MemorialFlowerEntity, flower);
    await s.emit(tx, { type: "edited", kind: "flower", id, actor });
    return result;
  });
  return saved;
}
