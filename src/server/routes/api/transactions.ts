import type { EntitySet } from "../../../odata/fields.ts";

/** Past deals; `industries` are hierarchy-taxon ids, the first one the deal's main industry. */
export const transactions: EntitySet = {
  name: "transactions",
  table: "transactions",
  fields: {
    Id: { type: "guid" },
    Date: { type: "datetime" },
    Company: { type: "string" },
    Size: { type: "number", nullable: true },
    Description: { type: "string" },
    industries: {
      type: "collection",
      table: "transaction_industries",
      owner: "TransactionId",
      value: "TaxonId",
      position: "Position",
    },
  },
};
