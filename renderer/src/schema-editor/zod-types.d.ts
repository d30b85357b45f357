/** zod's declaration files by Monaco file URI, gathered at build time (see vite.config.ts). */
declare module "virtual:zod-types" {
  const files: Record<string, string>;
  export default files;
}
