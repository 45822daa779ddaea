import type { Database } from "../db/schema.ts";

/** The value types a field can have; a collection holds GUIDs (taxon ids) in Position order. */
export type ScalarType = "string" | "number" | "guid" | "datetime";

export interface ScalarField {
  type: ScalarType;
  nullable?: boolean;
}

/** A collection kept in a link table: `owner` points at the entity's Id, `value` is the element. */
export interface CollectionField {
  type: "collection";
  table: keyof Database;
  owner: string;
  value: string;
  position: string;
}

export type Field = ScalarField | CollectionField;

/**
 * An entity set's allow-list: only these fields can be filtered, ordered or selected, and their
 * order is the order of keys in the JSON body. Field names are column names (src/db/schema.ts).
 */
export interface EntitySet {
  name: string;
  table: keyof Database;
  fields: Readonly<Record<string, Field>>;
}
