import { Initial1732240000000 } from "./1732240000000-initial";
import { Outbox1732256000000 } from "./1732256000000-outbox";
import { AdminTools1732260000000 } from "./1732260000000-admin-tools";
import { ImportKeyActivity1732270000000 } from "./1732270000000-import-key-activity";
import { UtcTimes1732290000000 } from "./1732290000000-utc-times";
import { GardenSearch1795420000000 } from "./1795420000000-garden-search";
import { AdminListIndexes1795426479642 } from "./1795426479642-admin-list-indexes";
import { AdminFlowerSearch1795437029071 } from "./1795437029071-admin-flower-search";
import { IdemUploadKeys1796000000000 } from "./1796000000000-idem-upload-keys";
import { Writes2SessionsFile1796100000000 } from "./1796100000000-writes2-sessions-file";
import { Writes2ProcessedIntake1796100000001 } from "./1796100000001-writes2-processed-intake";
import { BoundsGardenWordStarts1797000000000 } from "./1797000000000-bounds-garden-word-starts";
import { FamilyLinks1797000000001 } from "./1797000000001-family-links";
import { Family2LinkOnlyAndSearch1797100000000 } from "./1797100000000-family2-link-only-and-search";
import { NotesRemembranceNotes1797200000000 } from "./1797200000000-notes-remembrance-notes";
import { EswordsSubmissionLanguage1797200000001 } from "./1797200000001-eswords-submission-language";
import { Family3AdminSearchWithdrawn1797200000002 } from "./1797200000002-family3-admin-search-withdrawn";
import { Family3FlowerRevisions1797200000003 } from "./1797200000003-family3-flower-revisions";
import { DbdoorStoredSearchText1797320000000 } from "./1797320000000-dbdoor-stored-search-text";

/** Every migration in order; they run at start, never `synchronize`. Append new ones at the end. */
export const migrations = [
  Initial1732240000000,
  Outbox1732256000000,
  AdminTools1732260000000,
  ImportKeyActivity1732270000000,
  UtcTimes1732290000000,
  GardenSearch1795420000000,
  AdminListIndexes1795426479642,
  AdminFlowerSearch1795437029071,
  IdemUploadKeys1796000000000,
  Writes2SessionsFile1796100000000,
  Writes2ProcessedIntake1796100000001,
  BoundsGardenWordStarts1797000000000,
  FamilyLinks1797000000001,
  Family2LinkOnlyAndSearch1797100000000,
  NotesRemembranceNotes1797200000000,
  EswordsSubmissionLanguage1797200000001,
  Family3AdminSearchWithdrawn1797200000002,
  Family3FlowerRevisions1797200000003,
  DbdoorStoredSearchText1797320000000,
];
