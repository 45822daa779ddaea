import type { EntitySet } from "../../../odata/fields.ts";

/** Past deals; `industries` are hierarchy-taxon ids, the first one the deal's main industry. */
export const transactions: EntitySet = {
  name: "transactions",
  typeName: "Transaction",
  table: "transactions",
  fields: {
    Id: { type: "guid" },
    LastModified: { type: "datetime" },
    // The deal page's address segment (/transactions/{UrlName}): a system field of Sitefinity's
    // dynamic items, which it writes before the type's own fields.
    UrlName: { type: "string" },
    Date: { type: "datetime" },
    Company: { type: "string" },
    // Sitefinity's Number field is a System.Decimal; its scale varies from deal to deal.
    Size: { type: "number", nullable: true, edm: "Edm.Decimal" },
    Description: { type: "string" },
    // Fields the firm added to its deals' type later, so Sitefinity lists them after the first
    // ones; short text, null on deals that do not record them.
    Counterparty: { type: "string", nullable: true },
    Service: { type: "string", nullable: true },
    industries: {
      type: "collection",
      table: "transaction_industries",
      owner: "TransactionId",
      value: "TaxonId",
      position: "Position",
    },
  },
};
