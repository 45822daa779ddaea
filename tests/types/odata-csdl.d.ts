// odata-csdl (OASIS OData TC) ships no types; this is the one function the tests call.
declare module "odata-csdl" {
  export function xml2json(
    xml: string,
    options?: { strict?: boolean; annotations?: boolean },
  ): Record<string, unknown>;
}
