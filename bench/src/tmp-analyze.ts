import fs from 'node:fs';
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number; children?: number[] };
const prof = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map<number, number>();
prof.samples.forEach((s, i) => self.set(s, (self.get(s) ?? 0) + (prof.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const pkg = (url: string) => { const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url); if (m) return m[1]!; if (url.includes('/dist/')) return 'app:' + url.split('/').slice(-1)[0]; if (url.startsWith('node:')) return url; return url || '(native)'; };
const byPkg = new Map<string, number>(); const byFn = new Map<string, number>();
const incl = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id)!; const k = pkg(n.callFrame.url);
  byPkg.set(k, (byPkg.get(k) ?? 0) + t);
  const f = `${n.callFrame.functionName || '(anon)'} ${k}:${n.callFrame.lineNumber}`;
  byFn.set(f, (byFn.get(f) ?? 0) + t);
  const seen = new Set<string>(); let cur: number | undefined = id;
  while (cur !== undefined) { const cn = byId.get(cur)!; const key = `${cn.callFrame.functionName || '(anon)'} ${pkg(cn.callFrame.url)}:${cn.callFrame.lineNumber}`; if (!seen.has(key)) { seen.add(key); incl.set(key, (incl.get(key) ?? 0) + t); } cur = parent.get(cur); }
}
const show = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).forEach(([n, t]) => console.log(((t / total) * 100).toFixed(1).padStart(5) + '%', (t / 1000).toFixed(0).padStart(7) + 'ms', n));
console.log('total', (total / 1000).toFixed(0), 'ms'); console.log('--- by package'); show(byPkg, 25); console.log('--- self by function'); show(byFn, 40); console.log('--- inclusive'); show(incl, Number(process.env.K ?? 80));
