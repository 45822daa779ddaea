import type { EntitySet, Field } from "./fields.ts";

/**
 * The service's own descriptions: the OData service document (`GET /api/default/`) and the CSDL
 * document (`GET /api/default/$metadata`), both written from the entity sets' allow-lists so they
 * cannot drift from what the sets serve. Sitefinity's bound functions live in the namespace
 * `Default` (its SDK calls `Default.GetTaxons`); the container is named as ASP.NET OData names it.
 */
export const NAMESPACE = "Default";
export const CONTAINER = "Container";

/** `{"@odata.context", "value": [{name, kind, url}]}`, one entry per entity set. */
export function serviceDocument(apiBase: string, sets: readonly EntitySet[]): string {
  return JSON.stringify({
    "@odata.context": `${apiBase}/$metadata`,
    value: sets.map((set) => ({ name: set.name, kind: "EntitySet", url: set.name })),
  });
}

const EDM: Readonly<Record<string, string>> = {
  guid: "Edm.Guid",
  datetime: "Edm.DateTimeOffset",
  string: "Edm.String",
  number: "Edm.Double",
};

function property(name: string, field: Field): string {
  if (field.type === "collection")
    return `<Property Name="${name}" Type="Collection(Edm.Guid)" Nullable="false"/>`;
  const type = field.edm ?? EDM[field.type];
  // A decimal without Scale would have scale 0 (whole numbers) in OData 4.0.
  const scale = type === "Edm.Decimal" ? ' Scale="Variable"' : "";
  return `<Property Name="${name}" Type="${type}" Nullable="${field.nullable === true}"${scale}/>`;
}

/** The CSDL (EDMX 4.0) XML: one entity type per set, keyed by Id, and the container. */
export function csdl(sets: readonly EntitySet[]): string {
  const types = sets.map(
    (set) =>
      `<EntityType Name="${set.typeName}"><Key><PropertyRef Name="Id"/></Key>` +
      Object.entries(set.fields)
        .map(([name, field]) => property(name, field))
        .join("") +
      `</EntityType>`,
  );
  const entitySets = sets.map(
    (set) => `<EntitySet Name="${set.name}" EntityType="${NAMESPACE}.${set.typeName}"/>`,
  );
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">` +
    `<edmx:DataServices>` +
    `<Schema Namespace="${NAMESPACE}" xmlns="http://docs.oasis-open.org/odata/ns/edm">` +
    types.join("") +
    `<EntityContainer Name="${CONTAINER}">${entitySets.join("")}</EntityContainer>` +
    `</Schema></edmx:DataServices></edmx:Edmx>`
  );
}
