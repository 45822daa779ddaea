/** The parsed `$filter`: a tree whose nodes carry their position in the option's text. */
export type CompareOp = "eq" | "ne" | "gt" | "ge" | "lt" | "le";

export type LiteralType = "string" | "number" | "guid" | "datetime" | "boolean" | "null";

export type FilterNode =
  | { kind: "literal"; type: LiteralType; value: string | number | boolean | null; pos: number }
  /** A field of the entity, or the variable of an enclosing lambda. */
  | { kind: "member"; name: string; pos: number }
  | { kind: "call"; name: string; args: FilterNode[]; pos: number }
  | { kind: "compare"; op: CompareOp; left: FilterNode; right: FilterNode; pos: number }
  | { kind: "and" | "or"; items: FilterNode[]; pos: number }
  | { kind: "not"; operand: FilterNode; pos: number }
  /** `collection/any(v: predicate)`; `collection/any()` has neither variable nor predicate. */
  | { kind: "any"; collection: string; variable?: string; predicate?: FilterNode; pos: number };

export interface OrderByItem {
  field: string;
  descending: boolean;
  pos: number;
}

/** A field named in `$select`, or `*`: every field a reply carries by default. */
export interface SelectItem {
  field: string;
  pos: number;
}

/** Every option the API understands, parsed; absent options are undefined. */
export interface QueryOptions {
  filter?: FilterNode;
  orderBy?: OrderByItem[];
  /** Undefined: the default fields. */
  select?: SelectItem[];
  top?: number;
  skip?: number;
  count: boolean;
}
