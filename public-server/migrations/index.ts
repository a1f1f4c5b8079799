import { Initial1732240000000 } from "./1732240000000-initial";

/** Every migration in order; they run at start, never `synchronize`. Append new ones at the end. */
export const migrations = [Initial1732240000000];
