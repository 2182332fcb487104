// fast-json-patch ships its ES modules as .mjs files typed by .d.ts files beside them, which
// NodeNext resolution does not pair with an .mjs import. Its module/core.mjs holds applyOperation
// without the observe/compare half (duplex.mjs) that the package's root brings; same types.
declare module "fast-json-patch/module/core.mjs" {
  export { applyOperation } from "fast-json-patch";
}
