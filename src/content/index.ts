export * from "./common.ts";
export * from "./taxonomy.ts";
export * from "./taxon.ts";
export * from "./transaction.ts";
export * from "./article.ts";
export * from "./site.ts";
export * from "./content-file.ts";
