import type { ColumnType, Generated } from 'kysely';

// Column types shared by the table row types.

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** Short for Generated: a column with a default. */
export type G<T> = Generated<T>;
