//! What Linux's `/proc` says of a process: its CPU time and its resident memory, for the
//! benches that count the server's and PostgreSQL's share of the machine.

/// Linux reports CPU times in `/proc/*/stat` in clock ticks of 1/100 s on every common
/// architecture (`USER_HZ`).
const TICKS_PER_SECOND: f64 = 100.0;

/// User plus system CPU time of process `pid` (all its threads; `"self"` for this one), in
/// seconds; 0 when the process is gone.
pub fn cpu_seconds(pid: &str) -> f64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return 0.0;
    };
    // After the command's closing parenthesis: state is the first field, utime the 12th,
    // stime the 13th (fields 3, 14 and 15 of proc(5)).
    let Some(close) = stat.rfind(')') else {
        return 0.0;
    };
    let fields: Vec<&str> = stat[close + 2..].split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / TICKS_PER_SECOND
}

/// CPU time of every PostgreSQL process on this machine, in seconds: its backends do part of
/// each request's work on the same cores (on a quiet machine they serve the bench alone).
pub fn postgres_cpu() -> f64 {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0.0;
    };
    dir.flatten()
        .filter(|e| {
            std::fs::read_to_string(e.path().join("comm")).is_ok_and(|c| c.trim() == "postgres")
        })
        // A backend may end between the listing and the read: it counts nothing then.
        .map(|e| cpu_seconds(&e.file_name().to_string_lossy()))
        .sum()
}

/// The number after `field` in `/proc/{pid}/status`, 0 when the process is gone.
fn status_field(pid: u32, field: &str) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix(field))
                .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        })
        .unwrap_or(0.0)
}

/// Resident memory of process `pid` in MiB (`VmRSS`), 0 when the process is gone.
pub fn rss_mib(pid: u32) -> f64 {
    status_field(pid, "VmRSS:") / 1024.0
}

/// The threads of process `pid` (`Threads`: its blocking pool grows under a burst, and every
/// thread that allocates may take a malloc arena of its own), 0 when the process is gone.
pub fn threads(pid: u32) -> usize {
    status_field(pid, "Threads:") as usize
}
