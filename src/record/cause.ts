// Why a version of the site exists: what wrote the content, or made every page anew. A capture
// of the record names the causes of the changes it holds (docs/records.md). Everything a hook
// says comes from Sitefinity's payload: it is shown as text, never acted on.

/** One item a service hook named, as its payload says. */
export interface HookItem {
  /** The Sitefinity item's Id (the live item's), lower case. */
  id: string;
  /** OriginalEvent.ItemType. */
  itemType: string;
  /** OriginalEvent.Action (`New`, `Updated`, `Deleted`…), when the payload has one. */
  action?: string;
  /** Who made the change, when the payload says (a Sitefinity user's Id). */
  userId?: string;
  /** The item's ApprovalWorkflowState, when the payload says (`Published`, `AwaitingApproval`…). */
  approval?: string;
}

/** What made a change. */
export type Cause =
  | { type: "hook"; items: HookItem[] }
  | { type: "sync"; by: "schedule" | "command"; user?: string }
  | { type: "import"; file: string; digest: string; user: string }
  | { type: "demo" }
  | { type: "deploy"; build: string }
  | { type: "baseline"; user: string };

/** A cause in one line, for the command line and the log. */
export function describeCause(cause: Cause): string {
  switch (cause.type) {
    case "hook":
      return cause.items
        .map((item) => {
          const parts = [`hook: ${item.action ?? "changed"} ${item.itemType} ${item.id}`];
          if (item.userId !== undefined) parts.push(`by user ${item.userId}`);
          if (item.approval !== undefined) parts.push(`approval ${item.approval}`);
          return parts.join(", ");
        })
        .join("; ");
    case "sync":
      return cause.by === "schedule"
        ? "sync: scheduled"
        : `sync: content:sync run by ${cause.user ?? "unknown"}`;
    case "import":
      return `import: ${cause.file} (${cause.digest}) run by ${cause.user}`;
    case "demo":
      return "demo content loaded at first start";
    case "deploy":
      return `deploy: build ${cause.build}`;
    case "baseline":
      return `baseline: archive capture --all run by ${cause.user}`;
  }
}
