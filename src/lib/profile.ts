import ICAL from "ical.js";
import { structuredName } from "../rules/people.ts";
import { htmlToText } from "../rules/html-text.ts";

// What a person's profile shows beyond its fields: the first lines of the biography for a card,
// and the vCard (RFC 6350, version 4.0) that saves the contact.

const SUMMARY_CHARACTERS = 220;

/** A biography's first sentences as text, at most about SUMMARY_CHARACTERS, cut at a word. */
export function biographySummary(html: string): string {
  const text = htmlToText(html);
  if (text.length <= SUMMARY_CHARACTERS) return text;
  const sentences = text.match(/[^.!?]+[.!?]+(\s|$)/g) ?? [];
  let summary = "";
  for (const sentence of sentences) {
    if ((summary + sentence).trim().length > SUMMARY_CHARACTERS) break;
    summary += sentence;
  }
  if (summary.trim() !== "") return summary.trim();
  const cut = text.slice(0, SUMMARY_CHARACTERS);
  return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[,;:]$/, "")}…`;
}

/** What a vCard says of a person. */
export interface CardPerson {
  Title: string;
  FirstName?: string | null;
  LastName?: string | null;
  JobTitle?: string | null;
  Email?: string | null;
  Phone?: string | null;
}

/** A person's vCard 4.0: name, structured name, title, the firm, e-mail, telephone, profile URL. */
export function vCard(person: CardPerson, firmName: string, profileUrl: string): string {
  const card = new ICAL.Component("vcard");
  card.addPropertyWithValue("version", "4.0");
  card.addPropertyWithValue("fn", person.Title);
  const { given, family } = structuredName(person);
  const n = new ICAL.Property("n", card);
  n.setValue([family, given, "", "", ""]);
  card.addProperty(n);
  if (person.JobTitle) card.addPropertyWithValue("title", person.JobTitle);
  if (firmName) card.addPropertyWithValue("org", firmName);
  if (person.Email) {
    const email = card.addPropertyWithValue("email", person.Email);
    email.setParameter("type", "work");
  }
  if (person.Phone) {
    const tel = card.addPropertyWithValue("tel", `tel:${person.Phone.replace(/[^0-9+]/g, "")}`);
    tel.setParameter("value", "uri");
    tel.setParameter("type", "work");
  }
  card.addPropertyWithValue("url", profileUrl);
  return `${card.toString()}\r\n`;
}
