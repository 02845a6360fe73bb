/**
 * Test data for an API shape with any part left out or null, at any depth: the fixtures give
 * only what a test looks at, and the code must cope with the rest missing. Cast the built value
 * to the API type (`as T`) where it is handed to the code.
 */
export type Loose<T> = T extends (infer U)[]
  ? Loose<U>[]
  : T extends object
    ? { [K in keyof T]?: Loose<T[K]> | null }
    : T;
