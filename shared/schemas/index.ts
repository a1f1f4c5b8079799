export * from "./fields";
export * from "./session";
export * from "./public";
export * from "./admin";
export * from "./site";
