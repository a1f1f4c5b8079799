/** The flower drawings' files, named by the build (see vite.flowers.ts). */
declare module "virtual:flower-drawings" {
  // An ambient module cannot import by a relative path; an import() type is the way to name the type here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const drawings: Record<import("../shared/flowers").FlowerType, string>;
  export default drawings;
}
