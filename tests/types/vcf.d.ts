// vcf ships no types; these are the parts the tests call.
declare module "vcf" {
  interface Property {
    valueOf(): string;
    type?: string | string[];
  }
  class vCard {
    static parse(text: string): vCard[];
    version: string;
    get(name: string): Property | undefined;
  }
  export default vCard;
}
