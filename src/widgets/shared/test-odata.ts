// Test-only: how a Sitefinity web service answers a list request where the widgets and the sync
// rely on it, written once for the widgets' unit tests (behind a `fetch` stub, test-service.ts)
// and for the stand-in served over HTTP (tools/sitefinity-service.ts). Classification fields
// come only when `$select` names them; `$filter=TaxonomyId eq <guid>` and `Id eq <guid> or Id eq
// <guid> …` and `Title eq '…'`; `$orderby=Date desc`; `$skip`, `$top`, `$count=true`, and server paging with
// `@odata.nextLink`. Any other query option, filter or order is a 501, so a client that asks
// differently fails loudly rather than passing by luck.

export type Row = Readonly<Record<string, unknown>>;

/** A service's answer: an HTTP status and its JSON body. */
export interface ODataAnswer {
  status: number;
  body: unknown;
}

export interface ListService {
  /** The service root, absolute, with no trailing slash. */
  base: string;
  /** Entity sets by name. */
  sets: Readonly<Record<string, readonly Row[]>>;
  /** Fields sent only when `$select` names them. */
  classificationFields: readonly string[];
  /** Related-data fields (a person's Photo): in a row only when `$expand` names them. */
  relatedFields?: readonly string[];
  /** Rows per page; past it a reply carries `@odata.nextLink`. All in one page when absent. */
  pageSize?: number;
}

const UNDERSTOOD = ["$select", "$filter", "$orderby", "$skip", "$top", "$count", "$expand"];
const GUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
const BY_TAXONOMY = new RegExp(`^TaxonomyId eq (${GUID})$`);
const BY_IDS = new RegExp(`^Id eq ${GUID}( or Id eq ${GUID})*$`);
/** A Title as an OData string literal: a quote inside it doubled. */
const BY_TITLE = /^Title eq '((?:[^']|'')*)'$/;

const failure = (status: number, code: string, message: string): ODataAnswer => ({
  status,
  body: { error: { code, message } },
});

/** The instant of a Sitefinity date, whatever its count of fractional digits. */
const time = (row: Row) => Date.parse(String(row.Date).replace(/(\.\d{3})\d*Z$/, "$1Z"));

/** The rows a `$filter` keeps, or null when the filter is not one this service understands. */
function filterRows(rows: readonly Row[], filter: string): Row[] | null {
  const byTaxonomy = BY_TAXONOMY.exec(filter);
  if (byTaxonomy) return rows.filter((row) => row.TaxonomyId === byTaxonomy[1]);
  const byTitle = BY_TITLE.exec(filter);
  if (byTitle) return rows.filter((row) => row.Title === byTitle[1]!.replaceAll("''", "'"));
  if (!BY_IDS.test(filter)) return null;
  const ids = new Set(filter.match(new RegExp(GUID, "g"))?.map((id) => id.toLowerCase()));
  return rows.filter((row) => ids.has(String(row.Id).toLowerCase()));
}

/** What the service answers for a GET of `url`. */
export function answerList(url: URL, service: ListService): ODataAnswer {
  const root = new URL(service.base);
  if (url.origin !== root.origin || !url.pathname.startsWith(`${root.pathname}/`))
    return failure(404, "NotFound", `No service at ${url.pathname}`);
  const set = decodeURIComponent(url.pathname.slice(root.pathname.length + 1));
  const rows = Object.hasOwn(service.sets, set) ? service.sets[set] : undefined;
  if (rows === undefined) return failure(404, "NotFound", `No entity set '${set}'`);
  const options = url.searchParams;
  for (const name of options.keys()) {
    if (name.startsWith("$") && !UNDERSTOOD.includes(name))
      return failure(501, "NotImplemented", `${name} is not understood here`);
  }
  let selected = [...rows];
  const filter = options.get("$filter");
  if (filter !== null) {
    const kept = filterRows(selected, filter);
    if (kept === null) return failure(501, "NotImplemented", `cannot filter by ${filter}`);
    selected = kept;
  }
  const orderBy = options.get("$orderby");
  if (orderBy !== null) {
    if (orderBy !== "Date desc")
      return failure(501, "NotImplemented", `cannot order by ${orderBy}`);
    selected.sort((a, b) => time(b) - time(a));
  }
  const fields = (options.get("$select") ?? "*").split(",").map((f) => f.trim());
  // A nested option (`DealTeam($select=Id)`) is taken as the field alone.
  const expanded = (options.get("$expand") ?? "")
    .split(",")
    .map((f) => f.trim().replace(/\(.*\)$/, ""));
  const related = service.relatedFields ?? [];
  // As OData does: a field the type does not have is refused, not left out.
  const known = new Set(rows.flatMap((row) => Object.keys(row)));
  const unknown = [...fields, ...expanded].find(
    (f) => f !== "" && f !== "*" && rows.length > 0 && !known.has(f),
  );
  if (unknown !== undefined)
    return failure(400, "BadRequest", `Could not find a property named '${unknown}'.`);
  const project = (row: Row) =>
    Object.fromEntries(
      Object.entries(row).filter(([name]) =>
        related.includes(name)
          ? expanded.includes(name)
          : fields.includes(name) ||
            (fields.includes("*") && !service.classificationFields.includes(name)),
      ),
    );
  const skip = Number(options.get("$skip") ?? "0");
  const top = options.has("$top") ? Number(options.get("$top")) : Number.POSITIVE_INFINITY;
  const end = Math.min(selected.length, skip + top);
  const pageEnd = Math.min(end, skip + (service.pageSize ?? Number.POSITIVE_INFINITY));
  const next = new URL(url);
  next.searchParams.set("$skip", String(pageEnd));
  if (Number.isFinite(top)) next.searchParams.set("$top", String(end - pageEnd));
  return {
    status: 200,
    body: {
      "@odata.context": `${service.base}/$metadata#${set}`,
      ...(options.get("$count") === "true" ? { "@odata.count": selected.length } : {}),
      value: selected.slice(skip, pageEnd).map(project),
      ...(pageEnd < end ? { "@odata.nextLink": next.href } : {}),
    },
  };
}
