import type { Generated } from "kysely";
import type { IndexedDocument, IndexedWord } from "../search/build-index.ts";

/**
 * Tables and columns. Column names are the API's field names (Sitefinity's), so the
 * OData layer maps a field to a column one to one through its allow-list.
 * Dates are stored as `YYYY-MM-DDTHH:mm:ss.fffffffZ` text (src/rules/date-time.ts, storedDateTime):
 * fixed width, so they compare and sort alike in SQLite and PostgreSQL.
 */
export interface Database {
  taxonomies: TaxonomyTable;
  hierarchy_taxa: HierarchyTaxonTable;
  flat_taxa: FlatTaxonTable;
  transactions: TransactionTable;
  transaction_industries: TransactionIndustryTable;
  descriptions: DescriptionTable;
  articles: ArticleTable;
  article_tags: ArticleTagTable;
  site_settings: SiteSettingTable;
  people: PersonTable;
  person_industries: PersonIndustryTable;
  transaction_team: TransactionTeamTable;
  offices: OfficeTable;
  alerts: AlertTable;
  content_meta: ContentMetaTable;
  content_changes: ContentChangeTable;
  search_documents: SearchDocumentTable;
  search_words: SearchWordTable;
  search_meta: SearchMetaTable;
  images: ImageTable;
  image_addresses: ImageAddressTable;
  image_renditions: ImageRenditionTable;
  record_entries: RecordEntryTable;
  record_payloads: RecordPayloadTable;
  record_urls: RecordUrlTable;
}

/**
 * The site search's index (src/search/build-index.ts), derived from the content on every import:
 * one row per deal, topic, article or page; one per stored word, holding its postings.
 */
export type SearchDocumentTable = IndexedDocument;
export type SearchWordTable = IndexedWord;

/** Which version of the index rules built the stored index (one row, Id 1). */
export interface SearchMetaTable {
  Id: number;
  Version: number;
  /** What the last full build measured (IndexStats, as JSON), to weigh a document added since. */
  Stats: string;
}

export interface TaxonomyTable {
  Id: string;
  LastModified: string;
  Name: string;
  Title: string;
  TaxaUrl: string;
  TaxonName: string;
  Type: number;
  Position: number;
}

interface TaxonColumns {
  Id: string;
  LastModified: string;
  Title: string;
  Name: string;
  UrlName: string;
  Description: string;
  Synonyms: string;
  Ordinal: number;
  TaxonomyId: string;
  Position: number;
}

export type FlatTaxonTable = TaxonColumns;

export interface HierarchyTaxonTable extends TaxonColumns {
  ParentId: string;
}

export interface TransactionTable {
  Id: string;
  LastModified: string;
  Date: string;
  Company: string;
  /** The deal page's address segment, unique (src/rules/deal-url-names.ts fills it when absent). */
  UrlName: string;
  Size: number | null;
  Description: string;
  Position: number;
  /** The buyer, investor, target or merger partner; null when not recorded. */
  Counterparty: string | null;
  /** The firm's role, one of its services ("Sell-Side Advisory"); null when not recorded. */
  Service: string | null;
}

/** A transaction's industries in their given order; Position 0 is the first industry. */
export interface TransactionIndustryTable {
  TransactionId: string;
  TaxonId: string;
  Position: number;
}

export interface DescriptionTable {
  Key: string;
  Html: string;
}

export interface ArticleTable {
  Id: string;
  LastModified: string;
  Title: string;
  UrlName: string;
  PublicationDate: string;
  Summary: string;
  Content: string;
  Position: number;
}

export interface ArticleTagTable {
  ArticleId: string;
  TaxonId: string;
  Position: number;
}

/** One row per setting; Value is JSON. */
export interface SiteSettingTable {
  Key: string;
  Value: string;
}

/** Bumped by every import, so running servers drop their caches. */
export interface ContentMetaTable {
  Id: Generated<number>;
  Revision: number;
  UpdatedAt: string;
}

/** The cache tags a content write touched (JSON array of strings), by the revision it made. */
export interface ContentChangeTable {
  Revision: number;
  Tags: string;
  ChangedAt: string;
}

/** One of the firm's people; Photo is the related image as JSON, PreviousUrlNames a JSON array. */
export interface PersonTable {
  Id: string;
  LastModified: string;
  UrlName: string;
  Title: string;
  FirstName: string | null;
  LastName: string | null;
  JobTitle: string | null;
  Biography: string;
  Email: string | null;
  Phone: string | null;
  Photo: string | null;
  Ordinal: number | null;
  PreviousUrlNames: string | null;
  Position: number;
}

/** A person's industries (the groups covered) in their given order. */
export interface PersonIndustryTable {
  PersonId: string;
  TaxonId: string;
  Position: number;
}

/** A deal's team, in the order the deal page lists them. */
export interface TransactionTeamTable {
  TransactionId: string;
  PersonId: string;
  Position: number;
}

export interface OfficeTable {
  Id: string;
  LastModified: string;
  Title: string;
  Address: string;
  Phone: string | null;
  Email: string | null;
  Ordinal: number | null;
  Position: number;
}

export interface AlertTable {
  Id: string;
  LastModified: string;
  PublicationDate: string;
  Title: string;
  LinkTitle: string | null;
  LinkUrl: string | null;
  Position: number;
}

/** An image the site holds, by the SHA-256 of its original bytes (lower-case hex). */
export interface ImageTable {
  Digest: string;
  /** The original's format: jpeg, png, webp, avif or gif (src/rules/image-urls.ts). */
  Format: string;
  /** As displayed: EXIF orientation applied. */
  Width: number;
  Height: number;
  /** 1 when the image has an alpha channel (its fallback rendition is then a PNG). */
  HasAlpha: number;
  Bytes: Buffer;
  HeldAt: string;
  /** Why its renditions could not be made; null while they can be. */
  RenditionProblem: string | null;
}

/** An address (an image URL, or a path beside a content file) and the image it names. */
export interface ImageAddressTable {
  Address: string;
  Digest: string;
  HeldAt: string;
  /** When a content write first referred to it; null while only held. */
  ReferencedAt: string | null;
}

/** One rendition of an image: a width and a format (avif, webp, jpeg or png). */
export interface ImageRenditionTable {
  Digest: string;
  Width: number;
  Format: string;
  Height: number;
  Bytes: Buffer;
}

/**
 * One entry of the site's record (src/record/, docs/records.md), append-only: a change (a write
 * or a deploy), a capture's start and end, one kept page or reply, or a gap. Each holds the hash
 * of the one before it (Prev) and its own (Hash), over every other column.
 */
export interface RecordEntryTable {
  Seq: number;
  Kind: string;
  /** When the entry was made (ISO 8601, UTC, milliseconds). */
  At: string;
  /** The content revision a change made, or a capture rendered. */
  Revision: number | null;
  /** The entry this one is about: a response's or an end's capture, a gap's change. */
  Ref: number | null;
  /** A response's address: path and query, exactly as requested. */
  Url: string | null;
  /** From when visitors got it (a capture, a response). */
  Visible: string | null;
  Status: number | null;
  HeadersDigest: string | null;
  PayloadDigest: string | null;
  /** What else the entry says, as canonical JSON (src/record/chain.ts). */
  Detail: string | null;
  Prev: string;
  Hash: string;
}

/** A payload of the record, once by the SHA-256 of its bytes (`sha256:` and hex). */
export interface RecordPayloadTable {
  Digest: string;
  /** Its length in bytes, before the coding it is stored in. */
  Size: number;
  /** `gzip` or `identity`. */
  Coding: string;
  Bytes: Uint8Array;
}

/** The capture's working index: the cache tags each kept address carried when last captured. */
export interface RecordUrlTable {
  Url: string;
  /** Space-separated. */
  Tags: string;
  Status: number;
  Seq: number;
}
