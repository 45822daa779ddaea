// The brand's tokens the widgets read, worked out at build time (tools/widget-tokens.ts).
declare module "virtual:widget-tokens" {
  const css: string;
  export default css;
}
