import { dealJsonLd, scriptJson } from "./deal-jsonld.ts";

describe("a deal page's JSON-LD", () => {
  const crumbs = [
    { title: "Home", url: "/" },
    { title: "Historical Transactions", url: "/transactions" },
    { title: "Acme </script> Co." },
  ];

  it("names the client, the counterparty and the page's place in the site", () => {
    const graph = dealJsonLd(
      { Company: "Acme Co.", Date: "2026-01-02T00:00:00Z", Counterparty: "Buyer LLC" },
      "https://firm.example/transactions/acme-co",
      crumbs,
      "https://firm.example",
    ) as { "@graph": [Record<string, unknown>, { itemListElement: Record<string, unknown>[] }] };
    expect(graph["@graph"][0]).toMatchObject({
      "@type": "WebPage",
      about: { "@type": "Organization", name: "Acme Co." },
      mentions: { "@type": "Organization", name: "Buyer LLC" },
    });
    expect(graph["@graph"][1].itemListElement.map((i) => i.item ?? null)).toEqual([
      "https://firm.example/",
      "https://firm.example/transactions",
      null,
    ]);
  });

  it("leaves out a counterparty the deal does not record", () => {
    const graph = dealJsonLd(
      { Company: "A", Date: "2026-01-02T00:00:00Z", Counterparty: null },
      "u",
      [],
      "https://x.example",
    );
    expect(JSON.stringify(graph)).not.toContain("mentions");
  });

  it("cannot be closed by the text it carries", () => {
    const json = scriptJson({ name: "</script><script>alert(1)</script>" });
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
