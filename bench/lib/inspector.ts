/**
 * A minimal Chrome DevTools Protocol client over a WebSocket (the `ws` package): enough to take a
 * CPU profile of the Worker's isolate through wrangler's inspector proxy, and to drive CDP
 * sessions elsewhere.
 */
import WebSocket from 'ws';
import type { CpuProfile } from './cpuprofile';

export class CdpSocket {
  private nextId = 1;
  private pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  /** Events received (method, params), for callers that listen. */
  onEvent: ((method: string, params: any) => void) | null = null;
  private constructor(private ws: WebSocket) {
    ws.on('message', (data) => {
      let msg: { id?: number; method?: string; params?: unknown; result?: unknown; error?: { message: string } };
      try {
        msg = JSON.parse(data.toString());
      } catch {
        return;
      }
      if (msg.id === undefined) {
        if (msg.method) this.onEvent?.(msg.method, msg.params);
        return;
      }
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.error) p.reject(new Error(msg.error.message));
      else p.resolve(msg.result);
    });
    ws.on('close', () => {
      for (const p of this.pending.values()) p.reject(new Error('inspector socket closed'));
      this.pending.clear();
    });
  }

  static async open(url: string, timeoutMs = 10_000): Promise<CdpSocket> {
    const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 1024 * 1024 * 1024 });
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`inspector: no connection to ${url} in ${timeoutMs} ms`)), timeoutMs);
      ws.once('open', () => {
        clearTimeout(t);
        resolve();
      });
      ws.once('error', (e) => {
        clearTimeout(t);
        reject(e);
      });
    });
    return new CdpSocket(ws);
  }

  send<T = any>(method: string, params: object = {}, timeoutMs = 60_000): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const t = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`inspector: ${method} timed out`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (v) => {
          clearTimeout(t);
          resolve(v);
        },
        reject: (e) => {
          clearTimeout(t);
          reject(e);
        },
      });
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  close(): void {
    this.ws.close();
  }
}

/** The WebSocket debugger URL of the Worker (first target that is not wrangler's own proxy worker). */
export async function workerDebuggerUrl(inspectorHttp: string): Promise<string> {
  const base = inspectorHttp.replace(/\/$/, '').replace(/^ws/, 'http');
  const res = await fetch(`${base}/json`, { signal: AbortSignal.timeout(5000) });
  const targets = (await res.json()) as { id: string; title?: string; url?: string; webSocketDebuggerUrl?: string }[];
  const t = targets.find((x) => x.webSocketDebuggerUrl && !/ProxyWorker|InspectorProxyWorker/i.test(`${x.title} ${x.id}`)) ?? targets[0];
  if (!t?.webSocketDebuggerUrl) throw new Error(`inspector: no debuggable target at ${base}/json: ${JSON.stringify(targets)}`);
  return t.webSocketDebuggerUrl;
}

/**
 * Takes a CPU profile of the Worker while `fn` runs; afterwards (debugger on only then) fetches
 * the sources of the profiled scripts, so bundle lines can be traced back to their modules.
 */
export async function profileWorker(
  inspectorHttp: string,
  fn: () => Promise<void>,
  intervalUs = 500,
): Promise<{ profile: CpuProfile; sources: Map<string, string> }> {
  const cdp = await CdpSocket.open(await workerDebuggerUrl(inspectorHttp));
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
    await cdp.send('Profiler.start');
    let profile: CpuProfile;
    try {
      await fn();
    } finally {
      profile = (await cdp.send<{ profile: CpuProfile }>('Profiler.stop', {}, 120_000)).profile;
    }
    await cdp.send('Profiler.disable').catch(() => {});
    const sources = new Map<string, string>();
    const wanted = new Set(profile.nodes.map((n) => n.callFrame.url).filter((u) => u && !u.startsWith('node')));
    const scripts: { scriptId: string; url: string }[] = [];
    cdp.onEvent = (method, params) => {
      if (method === 'Debugger.scriptParsed' && params.url && !String(params.url).startsWith('node')) {
        // The profile may name a script by its full URL or by its file name alone.
        const url = wanted.has(params.url) ? params.url : ([...wanted].find((w) => String(params.url).endsWith(`/${w}`)) ?? params.url);
        scripts.push({ scriptId: params.scriptId, url });
      }
    };
    try {
      await cdp.send('Debugger.enable', {}, 20_000);
      await new Promise((r) => setTimeout(r, 300)); // scriptParsed events arrive after the reply
      for (const s of scripts) {
        if (sources.has(s.url)) continue;
        const { scriptSource } = await cdp.send<{ scriptSource: string }>('Debugger.getScriptSource', { scriptId: s.scriptId }, 20_000);
        sources.set(s.url, scriptSource);
      }
      await cdp.send('Debugger.disable').catch(() => {});
    } catch {
      // sources are a nicety: the profile stands without them
    }
    return { profile, sources };
  } finally {
    cdp.close();
  }
}

/**
 * Maps (url, 0-based line) of an esbuild bundle to the module it came from, using the
 * `// path/to/module.ts` comments esbuild writes before each module (unminified bundles).
 */
export function bundleLocator(sources: Map<string, string>): (url: string, line: number) => string | null {
  const tables = new Map<string, { line: number; module: string }[]>();
  for (const [url, text] of sources) {
    const marks: { line: number; module: string }[] = [];
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const m = /^\/\/ ((?:\.\.\/)*(?:node_modules\/|[\w@.-]+\/)[^\s]+\.(?:m?[jt]s|cjs|json))$/.exec(lines[i]);
      if (m) marks.push({ line: i, module: m[1].replace(/^(\.\.\/)+/, '') });
    }
    tables.set(url, marks);
  }
  return (url, line) => {
    const marks = tables.get(url);
    if (!marks || marks.length === 0) return null;
    let lo = 0;
    let hi = marks.length - 1;
    if (line < marks[0].line) return null;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (marks[mid].line <= line) lo = mid;
      else hi = mid - 1;
    }
    return marks[lo].module;
  };
}
