//! Measures: CPU time and memory from /proc, latency percentiles, rounding for the report.

use std::time::Instant;

use serde_json::{json, Value};

/// Milliseconds of CPU between two readings of [`cpu_ticks`].
pub fn ticks_ms(before: Option<u64>, after: Option<u64>, clk_tck: u64) -> Option<f64> {
    Some(after?.saturating_sub(before?) as f64 * 1000.0 / clk_tck.max(1) as f64)
}

pub fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, after_name) = stat.rsplit_once(')')?;
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // After the command name: state is field 3 (index 0 here), utime 14, stime 15.
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

/// The whole machine's busy clock ticks so far (all but idle and iowait, over every core, from
/// /proc/stat) and its number of cores: other processes' share of the window shows as the rest.
pub fn machine_ticks() -> Option<(u64, usize)> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let mut lines = stat.lines();
    let total: Vec<u64> = lines
        .next()?
        .split_whitespace()
        .skip(1)
        .filter_map(|v| v.parse().ok())
        .collect();
    let cores = lines.filter(|l| l.starts_with("cpu")).count();
    // user nice system idle iowait irq softirq steal ...: guest time is already in user.
    let busy = total.iter().take(8).sum::<u64>() - total.get(3)? - total.get(4)?;
    Some((busy, cores))
}

/// The PostgreSQL postmaster started with `-p port` and its children (backends and
/// background workers).
pub fn postgres_pids(port: u16) -> Vec<u32> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut procs: Vec<(u32, u32, Vec<String>)> = Vec::new();
    for entry in dir.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let path = entry.path();
        let comm = std::fs::read_to_string(path.join("comm")).unwrap_or_default();
        if comm.trim() != "postgres" {
            continue;
        }
        let stat = std::fs::read_to_string(path.join("stat")).unwrap_or_default();
        let Some(ppid) = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1))
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        let cmdline = std::fs::read(path.join("cmdline")).unwrap_or_default();
        let args = cmdline
            .split(|b| *b == 0)
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect();
        procs.push((pid, ppid, args));
    }
    let port = port.to_string();
    let Some(master) = procs
        .iter()
        .find(|(_, _, args)| args.windows(2).any(|w| w[0] == "-p" && w[1] == port))
        .map(|(pid, _, _)| *pid)
    else {
        return Vec::new();
    };
    std::iter::once(master)
        .chain(
            procs
                .iter()
                .filter(|(_, ppid, _)| *ppid == master)
                .map(|(pid, _, _)| *pid),
        )
        .collect()
}

/// Nearest-rank percentile of sorted values.
pub fn percentile(sorted: &[f64], p: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted.get(rank.clamp(1, sorted.len()) - 1).copied()
}

pub fn latency_summary(
    samples: &[(Instant, f64)],
    from: Instant,
    to: Instant,
) -> (usize, Option<f64>, Option<f64>) {
    let mut ms: Vec<f64> = samples
        .iter()
        .filter(|(done, _)| *done >= from && *done <= to)
        .map(|(_, ms)| *ms)
        .collect();
    ms.sort_by(f64::total_cmp);
    (ms.len(), percentile(&ms, 50.0), percentile(&ms, 99.0))
}

pub fn round2(x: Option<f64>) -> Value {
    x.map_or(Value::Null, |x| json!((x * 100.0).round() / 100.0))
}

/// The server's resident memory in MiB from /proc/<pid>/status: all of it (`VmRSS`), its own
/// (`RssAnon`: heap, stacks) and mapped files (`RssFile`: the binary and, on SQLite, the pages
/// of the memory-mapped database, which grow with the file and which the kernel may drop).
pub fn rss_mib(pid: u32) -> Option<[f64; 3]> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| -> Option<f64> {
        let line = status.lines().find(|l| l.starts_with(name))?;
        let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib / 1024.0)
    };
    Some([field("VmRSS:")?, field("RssAnon:")?, field("RssFile:")?])
}

pub fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}
