export function paintFirst(
  html: string,
  options: { distDir: string; bootSrc: string; readFile?: (file: string) => string },
): Promise<string>;
