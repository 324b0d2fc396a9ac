/**
 * CPU time of process trees from /proc (Linux): what the Worker (workerd), PostgreSQL and the
 * bridge actually spent, independent of how long they waited for a CPU on a loaded machine.
 * Counts each process's time on a CPU, plus the time of children it has already reaped
 * (PostgreSQL backends come and go; the postmaster reaps them). A live process's time comes from
 * its threads' schedstat (nanoseconds): /proc/<pid>/stat counts 10 ms ticks, too coarse for a
 * block of ten moves of a millisecond each. Reaped children are only in stat's ticks.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';

const TICK_MS = 10; // CLK_TCK is 100 on Linux

interface Stat {
  pid: number;
  ppid: number;
  comm: string;
  /** Time on a CPU, ms: the threads' schedstat where readable, else utime + stime. */
  self: number;
  /** cutime + cstime (reaped children), ms */
  children: number;
}

function readStat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const f = text.slice(close + 2).split(' ');
    // fields after comm: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14)
    const ticks = (Number(f[11]) + Number(f[12])) * TICK_MS;
    return { pid, ppid: Number(f[1]), comm, self: onCpuMs(pid) ?? ticks, children: (Number(f[13]) + Number(f[14])) * TICK_MS };
  } catch {
    return null;
  }
}

/** Sum of the process's threads' time on a CPU from /proc/<pid>/task/<tid>/schedstat (ns), ms; null if unreadable. */
function onCpuMs(pid: number): number | null {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`))
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    return Number.isFinite(ns) ? ns / 1e6 : null;
  } catch {
    return null;
  }
}

function allStats(): Stat[] {
  const out: Stat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = readStat(Number(name));
    if (s) out.push(s);
  }
  return out;
}

/** Pids of `root` and all its descendants. */
export function descendants(root: number, stats = allStats()): Stat[] {
  const kids = new Map<number, Stat[]>();
  for (const s of stats) {
    const list = kids.get(s.ppid) ?? [];
    list.push(s);
    kids.set(s.ppid, list);
  }
  const out: Stat[] = [];
  const first = stats.find((s) => s.pid === root);
  if (!first) return out;
  const queue = [first];
  while (queue.length) {
    const s = queue.shift()!;
    out.push(s);
    queue.push(...(kids.get(s.pid) ?? []));
  }
  return out;
}

/** Descendant processes of this one whose command name is `comm` (e.g. workerd). */
export function findDescendants(comm: string, root = process.pid): number[] {
  return descendants(root)
    .filter((s) => s.comm === comm)
    .map((s) => s.pid);
}

/** Roots of the process trees named `comm` anywhere on the machine (e.g. every PostgreSQL postmaster). */
export function treesNamed(comm: string): number[] {
  const stats = allStats();
  const byPid = new Map(stats.map((s) => [s.pid, s]));
  return stats.filter((s) => s.comm === comm && byPid.get(s.ppid)?.comm !== comm).map((s) => s.pid);
}

/** A PostgreSQL process serving a client: its title names the client's address ("... 127.0.0.1(5432) idle"). */
function isClientBackend(pid: number): boolean {
  try {
    return /\d\(\d+\)|\[local\]/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return false;
  }
}

/** A set of named process trees whose CPU is read together. */
export class CpuMeter {
  constructor(private roots: Record<string, number[]>) {}
  read(): Record<string, number> {
    const out: Record<string, number> = {};
    const stats = allStats();
    for (const [name, pids] of Object.entries(this.roots)) {
      let sum = 0;
      for (const pid of pids) {
        const tree = descendants(pid, stats);
        if (tree.length === 0) continue;
        sum += tree.reduce((a, s) => a + s.self, 0) + tree[0].children;
      }
      out[name] = sum;
    }
    // PostgreSQL's client backends alone, without its background processes (WAL writer,
    // checkpointer, autovacuum) or reaped children: the work statements do when they run.
    if (this.roots.postgres?.length) {
      out.postgres_backends = 0;
      for (const pid of this.roots.postgres)
        for (const s of descendants(pid, stats)) if (isClientBackend(s.pid)) out.postgres_backends += s.self;
    }
    const self = process.cpuUsage();
    out.self = (self.user + self.system) / 1000;
    return out;
  }
  static delta(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
    const out: Record<string, number> = {};
    for (const k of Object.keys(b)) out[k] = b[k] - (a[k] ?? 0);
    return out;
  }
}

/** Cores, model and load of this machine (for results.json). */
export function machineInfo() {
  const cpuinfo = (() => {
    try {
      return readFileSync('/proc/cpuinfo', 'utf8');
    } catch {
      return '';
    }
  })();
  const model = /model name\s*:\s*(.*)/.exec(cpuinfo)?.[1] ?? 'unknown';
  return { model };
}

/** Time on a CPU and time waiting on a run queue, ms, of a process tree's live threads (/proc schedstat). */
export interface SchedTimes {
  cpu: number;
  wait: number;
}

/** `SchedTimes` of `roots` and their live descendants (reaped processes are gone from /proc and not counted). */
export function schedTimes(roots: readonly number[]): SchedTimes {
  const stats = allStats();
  const out = { cpu: 0, wait: 0 };
  for (const root of roots)
    for (const s of descendants(root, stats))
      try {
        for (const tid of readdirSync(`/proc/${s.pid}/task`)) {
          const [run, wait] = readFileSync(`/proc/${s.pid}/task/${tid}/schedstat`, 'utf8').split(' ').map(Number);
          out.cpu += run / 1e6;
          out.wait += wait / 1e6;
        }
      } catch {
        // the process ended between the listing and the read
      }
  return out;
}

/** TCP ports process `pid` listens on (IPv4), from its socket inodes and /proc/net/tcp. */
export function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSafe(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]);
    }
  } catch {
    return [];
  }
  const ports: number[] = [];
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    // local_address rem_address st ... inode (field 9); st 0A = LISTEN
    if (f[3] === '0A' && inodes.has(f[9])) ports.push(Number.parseInt(f[1].split(':')[1], 16));
  }
  return ports;
}

function readlinkSafe(p: string): string {
  try {
    return readlinkSync(p);
  } catch {
    return '';
  }
}

/**
 * Pins every thread of each process in `roots` (with its descendants unless `alone`) to `cpus`
 * (e.g. "1", or "0-1" to undo); false when taskset failed or is missing.
 */
export function pin(roots: readonly number[], cpus: string, alone = false): boolean {
  const stats = allStats();
  let ok = true;
  for (const root of roots)
    for (const s of alone ? stats.filter((x) => x.pid === root) : descendants(root, stats)) {
      const r = spawnSync('taskset', ['-a', '-p', '-c', cpus, String(s.pid)], { stdio: 'ignore' });
      if (r.status !== 0 && existsSync(`/proc/${s.pid}`)) ok = false;
    }
  return ok;
}
