import type { CompareOp, FilterNode } from "./ast.ts";
import { SyntaxProblem, quote } from "./errors.ts";
import { tokenize, type Token, type TokenKind } from "./lexer.ts";

const COMPARE_OPS = new Set<string>(["eq", "ne", "gt", "ge", "lt", "le"]);
/** Parentheses, `not`, calls and lambdas nest at most this deep (SQL engines bound expression depth). */
export const MAX_DEPTH = 40;

/** Parses a `$filter` value into a tree; throws a SyntaxProblem with the position of the problem. */
export function parseFilter(text: string): FilterNode {
  const parser = new FilterParser(tokenize(text));
  const node = parser.expression(0);
  parser.expect("eof", "'and', 'or' or the end");
  return node;
}

// The grammar: or-chains of and-chains of `not`* comparisons of operands; one method per rule.
class FilterParser {
  private index = 0;
  private readonly tokens: Token[];

  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  expression(depth: number): FilterNode {
    return this.chain("or", () => this.chain("and", () => this.negation(depth)));
  }

  expect(kind: TokenKind, wanted: string): Token {
    const token = this.peek();
    if (token.kind !== kind) throw unexpected(token, wanted);
    this.index++;
    return token;
  }

  private chain(word: "and" | "or", item: () => FilterNode): FilterNode {
    const first = item();
    const items = [first];
    while (this.isWord(word)) {
      this.index++;
      items.push(item());
    }
    return items.length === 1 ? first : { kind: word, items, pos: first.pos };
  }

  private negation(depth: number): FilterNode {
    if (!this.isWord("not")) return this.comparison(depth);
    const pos = this.next().pos;
    return { kind: "not", operand: this.negation(deeper(depth, pos)), pos };
  }

  private comparison(depth: number): FilterNode {
    const left = this.operand(depth);
    const token = this.peek();
    if (token.kind !== "ident" || !COMPARE_OPS.has(token.text)) return left;
    this.index++;
    const right = this.operand(depth);
    return { kind: "compare", op: token.text as CompareOp, left, right, pos: left.pos };
  }

  private operand(depth: number): FilterNode {
    const token = this.next();
    switch (token.kind) {
      case "(": {
        const inner = this.expression(deeper(depth, token.pos));
        this.expect(")", "')'");
        return inner;
      }
      case "string":
      case "number":
      case "guid":
      case "datetime":
        return { kind: "literal", type: token.kind, value: token.value, pos: token.pos };
      case "ident":
        return this.named(token, depth);
      default:
        throw unexpected(token, "a field, a literal or '('");
    }
  }

  private named(token: Token, depth: number): FilterNode {
    const { text, pos } = token;
    if (text === "null") return { kind: "literal", type: "null", value: null, pos };
    if (text === "true" || text === "false") {
      return { kind: "literal", type: "boolean", value: text === "true", pos };
    }
    if (this.peek().kind === "(") return this.call(token, deeper(depth, pos));
    if (this.peek().kind !== "/") return { kind: "member", name: text, pos };
    this.index++;
    return this.lambda(token, deeper(depth, pos));
  }

  private call(name: Token, depth: number): FilterNode {
    this.index++;
    const args: FilterNode[] = [];
    if (this.peek().kind !== ")") {
      args.push(this.expression(depth));
      while (this.peek().kind === ",") {
        this.index++;
        args.push(this.expression(depth));
      }
    }
    this.expect(")", "',' or ')'");
    return { kind: "call", name: name.text, args, pos: name.pos };
  }

  private lambda(collection: Token, depth: number): FilterNode {
    const operator = this.expect("ident", "'any'");
    if (operator.text !== "any") {
      throw new SyntaxProblem(`unsupported lambda operator ${quote(operator.text)}`, operator.pos);
    }
    this.expect("(", "'('");
    const pos = collection.pos;
    if (this.peek().kind === ")") {
      this.index++;
      return { kind: "any", collection: collection.text, pos };
    }
    const variable = this.expect("ident", "a variable name").text;
    this.expect(":", "':'");
    const predicate = this.expression(depth);
    this.expect(")", "')'");
    return { kind: "any", collection: collection.text, variable, predicate, pos };
  }

  private isWord(word: string): boolean {
    const token = this.peek();
    return token.kind === "ident" && token.text === word;
  }

  private peek(): Token {
    return this.tokens[this.index] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== "eof") this.index++;
    return token;
  }
}

function deeper(depth: number, pos: number): number {
  if (depth + 1 > MAX_DEPTH) throw new SyntaxProblem(`nested more than ${MAX_DEPTH} deep`, pos);
  return depth + 1;
}

function unexpected(token: Token, wanted: string): SyntaxProblem {
  const found = token.kind === "eof" ? "the end" : quote(token.text);
  return new SyntaxProblem(`expected ${wanted} but found ${found}`, token.pos);
}
