import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { FlowerType } from "../flowers";
import { ILLUSTRATIONS } from "./illustrations";

/**
 * A flower's drawing as SVG markup, for what is not a React page: the shared link's picture, and the
 * drawing files the build writes (see vite.flowers.ts). Server and build only: it brings
 * react-dom/server along.
 */
export const drawingShapes = (type: FlowerType): string => renderToStaticMarkup(createElement(ILLUSTRATIONS[type]));
