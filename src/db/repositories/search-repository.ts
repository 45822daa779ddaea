import type { Db } from "../connect.ts";
import type { SearchStore } from "../../search/store.ts";

/**
 * The stored search index as the engine reads it (src/search/engine.ts is given this store): the
 * words and documents' facts, a few words' postings, a page's documents. Every value is bound;
 * numbers come back as numbers from both databases.
 */
export function searchRepository(db: Db): SearchStore {
  return {
    async readIndex() {
      const [words, documents] = await Promise.all([
        db.kysely.selectFrom("search_words").select(["Word", "Docs", "TitleDocs"]).execute(),
        db.kysely
          .selectFrom("search_documents")
          .select(["Id", "Kind", "Prior", "TitleKey"])
          .execute(),
      ]);
      return {
        words: words.map((w) => ({ ...w, Docs: Number(w.Docs), TitleDocs: Number(w.TitleDocs) })),
        documents: documents.map((d) => ({ ...d, Id: Number(d.Id), Prior: Number(d.Prior) })),
      };
    },

    async postings(words, field) {
      if (words.length === 0) return new Map();
      const column = field === "titles" ? "TitlePostings" : "Postings";
      const rows = await db.kysely
        .selectFrom("search_words")
        .select(["Word", `${column} as Bytes`])
        .where("Word", "in", words)
        .execute();
      return new Map(rows.map((r) => [r.Word, r.Bytes]));
    },

    async documents(ids) {
      if (ids.length === 0) return [];
      const rows = await db.kysely
        .selectFrom("search_documents")
        .select(["Id", "Kind", "Ref", "Title", "Body", "Date", "Size"])
        .where("Id", "in", ids)
        .execute();
      const byId = new Map(
        rows.map((r) => [
          Number(r.Id),
          { ...r, Id: Number(r.Id), Size: r.Size === null ? null : Number(r.Size) },
        ]),
      );
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  };
}
