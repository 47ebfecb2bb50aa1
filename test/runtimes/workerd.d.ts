// The workerd npm package ships no types: its main module exports the path of the workerd binary for
// this platform and the newest compatibility date that binary supports.
declare module "workerd" {
  const binaryPath: string;
  export default binaryPath;
  export const compatibilityDate: string;
  export const version: string;
}
