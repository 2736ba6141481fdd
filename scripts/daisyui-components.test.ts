import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The stylesheet leaves out the daisyUI components no page uses (decision 073). Left out, a
 * component's classes draw nothing, silently: this fails instead when the app's markup (React's
 * `className`, the server's `class="…"`) names one of them.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stylesheet = fs.readFileSync(path.join(root, 'apps/web/src/styles/index.css'), 'utf8');
const daisyComponents = path.join(root, 'node_modules/daisyui/components');
const daisyBase = path.join(root, 'node_modules/daisyui/base');

function excluded(): string[] {
  const list = /@plugin 'daisyui' \{[^}]*?\bexclude:\s*([^;]+);/.exec(stylesheet)?.[1];
  return list ? list.split(',').map((name) => name.trim()) : [];
}

/**
 * A component's own classes, as its stylesheet names them: `tab` gives tab, tabs, tab-active…
 * (only names that start with the component's: a component named otherwise, as `button`'s btn,
 * needs more than this before it is left out).
 */
function classesOf(component: string): Set<string> {
  const css = fs.readFileSync(path.join(daisyComponents, `${component}.css`), 'utf8');
  const names = [...css.matchAll(/\.(-?[a-zA-Z_][\w-]*)/g)].map((m) => m[1]!);
  return new Set(names.filter((name) => name === component || name.startsWith(component)));
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => /\.(tsx?|html)$/.test(f) && !/\.test\.tsx?$/.test(f))
    .filter((f) => !f.split(path.sep).includes('node_modules'))
    .map((f) => path.join(dir, f));
}

/** The class lists a file writes: the string pieces of each `className=…` and `class="…"`. */
function classTokens(source: string): string[] {
  const lists: string[] = [];
  for (const m of source.matchAll(/\bclass(?:Name)?=(?:"([^"]*)"|'([^']*)'|\{)/g)) {
    if (m[1] !== undefined || m[2] !== undefined) {
      lists.push(m[1] ?? m[2]!);
      continue;
    }
    // An expression: up to its closing brace, then every string literal in it.
    let depth = 1;
    let end = m.index + m[0].length;
    while (depth > 0 && end < source.length) {
      if (source[end] === '{') depth++;
      else if (source[end] === '}') depth--;
      end++;
    }
    const expression = source.slice(m.index + m[0].length, end - 1);
    for (const s of expression.matchAll(/`([^`]*)`/g))
      lists.push(s[1]!.replace(/\$\{[^}]*\}/g, ' '));
    for (const s of expression.matchAll(/'([^']*)'|"([^"]*)"/g)) lists.push(s[1] ?? s[2]!);
  }
  // A variant (`md:`, `hover:`) and the important mark still name the same class.
  return lists.flatMap((list) =>
    list
      .split(/\s+/)
      .filter(Boolean)
      .map((token) => token.replace(/^(?:[\w-]+:)+/, '').replace(/^!|!$/g, '')),
  );
}

describe('daisyUI components left out of the stylesheet', () => {
  // A base style left out (`svg`: the noise picture a theme with `--noise: 0` never shows) has no
  // classes of its own to look for.
  const components = excluded().filter(
    (name) => !fs.existsSync(path.join(daisyBase, `${name}.css`)),
  );
  const files = [
    ...sourceFiles(path.join(root, 'apps/web/src')),
    path.join(root, 'apps/web/index.html'),
    ...sourceFiles(path.join(root, 'apps/server/src')),
  ];

  it('are listed, and each is a daisyUI component or base style', () => {
    expect(components.length).toBeGreaterThan(0);
    for (const component of components)
      expect(fs.existsSync(path.join(daisyComponents, `${component}.css`)), component).toBe(true);
    expect(excluded()).toContain('svg');
  });

  it("are named by none of the app's class lists", () => {
    const found: string[] = [];
    for (const component of components) {
      const classes = classesOf(component);
      for (const file of files) {
        for (const token of classTokens(fs.readFileSync(file, 'utf8'))) {
          if (classes.has(token))
            found.push(`${path.relative(root, file)}: ${token} (${component})`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('finds a class list that names one', () => {
    expect(classTokens('<div className={`tabs ${x ? "tab-active" : ""}`}>')).toEqual([
      'tabs',
      'tab-active',
    ]);
    expect(classTokens('`<ul class="list md:list-row">`')).toEqual(['list', 'list-row']);
  });
});
