/** The value types a field can have; a collection holds GUIDs (taxon ids) in Position order. */
export type ScalarType = "string" | "number" | "guid" | "datetime";

export interface ScalarField {
  type: ScalarType;
  nullable?: boolean;
  /** The EDM type in `$metadata`, where it is not the type's usual one (numbers are Edm.Double). */
  edm?: string;
}

/**
 * A classification field (taxon ids) kept in a link table: `owner` points at the entity's Id,
 * `value` is the element. As in Sitefinity, it is in a reply only when `$select` names it.
 */
export interface CollectionField {
  type: "collection";
  /** The link table, by its name in src/db/schema.ts. */
  table: string;
  owner: string;
  value: string;
  position: string;
}

export type Field = ScalarField | CollectionField;

/**
 * An entity set's allow-list: only these fields can be filtered, ordered or selected, and their
 * order is the order of keys in the JSON body. Field names are column names, and `table` a table,
 * of src/db/schema.ts; this folder compiles queries and knows no database, so they are text here.
 */
export interface EntitySet {
  name: string;
  /** The entity type's name in `$metadata`. */
  typeName: string;
  table: string;
  fields: Readonly<Record<string, Field>>;
}

/** Whether a reply without `$select` (or with `*`) carries the field: classification fields do not. */
export const isSelectedByDefault = (field: Field) => field.type !== "collection";
