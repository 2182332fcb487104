import type { BaseEvent } from "@ag-ui/core";

/**
 * Which activity types a MESSAGES_SNAPSHOT owns, as the official client reads its metadata
 * (`authoritativeActivityTypes`): `null` owns all, a list owns those, `undefined` leaves it to
 * the legacy inference. The validation pipeline (loaded with the first run) records it here, so
 * the reducer itself never loads `@ag-ui/client`.
 */
export const snapshotAuthority = new WeakMap<BaseEvent, string[] | null | undefined>();
