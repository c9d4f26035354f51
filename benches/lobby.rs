//! Issue 16's scale target for the lobby server: 500 games (1,000 players)
//! and 100 spectators connected at once over loopback, every move relayed
//! to the opponent and the spectators with a 99th-percentile latency under
//! 50 ms, and the memory a game takes.
//!
//! The server runs in this process on its own tokio runtime (as `tabletop
//! serve` does: multi-thread, every core), the clients on a second one.
//! Every client connects, creates or joins its game (or watches it), and
//! waits at a barrier; then each pair plays the same legal Gekitai script
//! with a random think time before each move, and ends after the game's
//! `end`. A move's latency runs from its mover's `Instant` before writing
//! it to the opponent's (or spectator's) `Instant` on reading it: one clock
//! in one process.
//!
//! Run with `cargo bench --bench lobby`; settings from the environment:
//! `LOBBY_GAMES` (500), `LOBBY_SPECTATORS` (100), `LOBBY_THINK_MS` (500,
//! the mean; each think is uniform in half to one and a half of it),
//! `LOBBY_DATA` (the folder the temporary data folder goes in; the system's
//! temporary folder by default, `/dev/shm` for a tmpfs), `LOBBY_TIMEOUT_S`
//! (300, then the run is abandoned). The figures go into BENCHMARKS.md.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tabletop_engine::gekitai::Gekitai;
use tabletop_engine::{Game, Rng};
use tabletop_net::server::{Server, ServerOptions};
use tabletop_net::store::Database;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::net::TcpStream;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::sync::{Barrier, Semaphore};

/// Plies played with moves that keep the game going, before it is
/// played out to its end.
const GOING: usize = 24;

/// A client's read buffer: lines here are short.
const READ_BUFFER: usize = 1024;

/// Setups (connect, create or hello, welcome) under way at once, well
/// inside the listen queue.
const SETTING_UP: usize = 64;

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A legal Gekitai game of at least `GOING` plies that ends: moves that
/// keep it going first, then random moves to the end.
fn script(seed: u64) -> Vec<String> {
    let mut rng = Rng::new(seed);
    let mut game = Gekitai::default();
    let mut moves = Vec::new();
    let mut legal = Vec::new();
    while !game.is_over() {
        game.legal_moves(&mut legal);
        let going: Vec<_> = legal
            .iter()
            .copied()
            .filter(|&mv| {
                let mut next = game.clone();
                next.play_unchecked(mv);
                !next.is_over()
            })
            .collect();
        let choice = if moves.len() < GOING && !going.is_empty() {
            going
        } else {
            legal.clone()
        };
        let mv = choice[rng.below(choice.len())];
        game.play_unchecked(mv);
        moves.push(mv.to_string());
        assert!(moves.len() < 1000, "the script never ends");
    }
    moves
}

/// The memory figures of `/proc/self/status`, in KiB: (VmRSS, VmHWM).
fn memory() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|line| line.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|kb| kb.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// One game's clock: when each move was sent.
struct Clock {
    sent: Mutex<Vec<Option<Instant>>>,
}

/// One client's connection, read line by line.
struct Link {
    lines: Lines<BufReader<OwnedReadHalf>>,
    write: OwnedWriteHalf,
}

impl Link {
    async fn open(address: SocketAddr, first: String) -> Result<Link, String> {
        let stream = TcpStream::connect(address)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        let _ = stream.set_nodelay(true);
        let (read, write) = stream.into_split();
        let mut link = Link {
            lines: BufReader::with_capacity(READ_BUFFER, read).lines(),
            write,
        };
        link.send(&first).await?;
        Ok(link)
    }

    async fn send(&mut self, line: &str) -> Result<(), String> {
        self.write
            .write_all(format!("{line}\n").as_bytes())
            .await
            .map_err(|e| format!("write: {e}"))
    }

    /// The next line whose type is `kind`, skipping notices; an error or
    /// the end of the connection is a failure.
    async fn expect(&mut self, kind: &str) -> Result<String, String> {
        let wanted = format!("\"type\":\"{kind}\"");
        loop {
            let line = self
                .lines
                .next_line()
                .await
                .map_err(|e| format!("read: {e}"))?
                .ok_or_else(|| format!("closed while waiting for {kind}"))?;
            if line.contains(&wanted) {
                return Ok(line);
            }
            // A quiet connection is asked whether it is there.
            if line.contains("\"type\":\"ping\"") {
                self.send(r#"{"type":"pong"}"#).await?;
            }
            if line.contains("\"type\":\"error\"") {
                return Err(format!("waiting for {kind}: {line}"));
            }
        }
    }
}

/// A string field of a JSON line.
fn field(line: &str, name: &str) -> Result<String, String> {
    let value: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    value[name]
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| format!("no {name} in {line}"))
}

/// A game's clients, connected and welcomed.
struct Table {
    players: [Link; 2],
    spectator: Option<Link>,
}

async fn set_up(address: SocketAddr, number: usize, watched: bool) -> Result<Table, String> {
    let create = format!(
        r#"{{"type":"create","name":"first{number}","game":"gekitai","settings":{{}},"side":"first"}}"#
    );
    let mut creator = Link::open(address, create).await?;
    let created = creator.expect("created").await?;
    creator.expect("welcome").await?;
    let hello = |code: &str, role: &str| {
        format!(
            r#"{{"type":"hello","version":{},"name":"{role}{number}","code":"{code}","role":"{role}"}}"#,
            tabletop_net::protocol::PROTOCOL_VERSION
        )
    };
    let mut joiner = Link::open(address, hello(&field(&created, "join")?, "player")).await?;
    joiner.expect("welcome").await?;
    let spectator = match watched {
        true => {
            let mut link =
                Link::open(address, hello(&field(&created, "watch")?, "spectator")).await?;
            link.expect("welcome").await?;
            Some(link)
        }
        false => None,
    };
    Ok(Table {
        players: [creator, joiner],
        spectator,
    })
}

/// Plays `side`'s moves of the script, waiting `think` before each, and
/// times the opponent's as they arrive; ends after the game's end.
async fn play(
    mut link: Link,
    side: usize,
    script: Arc<Vec<String>>,
    clock: Arc<Clock>,
    think: Duration,
    seed: u64,
    relayed: Arc<AtomicUsize>,
) -> Result<Vec<Duration>, String> {
    let mut rng = Rng::new(seed);
    let mut latencies = Vec::with_capacity(script.len() / 2 + 1);
    for (ply, mv) in script.iter().enumerate() {
        if ply % 2 == side {
            let half = think.as_micros() as usize / 2;
            let wait = half + rng.below(2 * half + 1);
            tokio::time::sleep(Duration::from_micros(wait as u64)).await;
            let line = format!(r#"{{"type":"move","move":"{mv}"}}"#);
            clock.sent.lock().expect("the clock")[ply] = Some(Instant::now());
            link.send(&line).await?;
        } else {
            let line = link.expect("move").await?;
            let now = Instant::now();
            if !line.contains(&format!("\"{mv}\"")) {
                return Err(format!("move {ply}: {mv} expected, {line} heard"));
            }
            let sent = clock.sent.lock().expect("the clock")[ply].ok_or("not sent yet")?;
            latencies.push(now - sent);
            relayed.fetch_add(1, Ordering::Relaxed);
        }
    }
    link.expect("end").await?;
    Ok(latencies)
}

/// Times every move of the script as a spectator hears it.
async fn watch(
    mut link: Link,
    script: Arc<Vec<String>>,
    clock: Arc<Clock>,
) -> Result<Vec<Duration>, String> {
    let mut latencies = Vec::with_capacity(script.len());
    for ply in 0..script.len() {
        link.expect("move").await?;
        let now = Instant::now();
        let sent = clock.sent.lock().expect("the clock")[ply].ok_or("not sent yet")?;
        latencies.push(now - sent);
    }
    link.expect("end").await?;
    Ok(latencies)
}

/// count, p50, p90, p99, max, in milliseconds.
fn summary(name: &str, mut latencies: Vec<Duration>) {
    latencies.sort();
    let at = |q: f64| {
        let i = ((latencies.len() as f64 * q).ceil() as usize).clamp(1, latencies.len());
        latencies[i - 1].as_secs_f64() * 1000.0
    };
    if latencies.is_empty() {
        println!("{name}: no moves");
        return;
    }
    println!(
        "{name}: {} moves, p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        latencies.len(),
        at(0.50),
        at(0.90),
        at(0.99),
        at(1.0)
    );
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --benches` does not run it.
    if !std::env::args().any(|arg| arg == "--bench") {
        return;
    }
    let games = setting("LOBBY_GAMES", 500) as usize;
    let watched = (setting("LOBBY_SPECTATORS", 100) as usize).min(games);
    let think = Duration::from_millis(setting("LOBBY_THINK_MS", 500));
    let limit = Duration::from_secs(setting("LOBBY_TIMEOUT_S", 300));
    let parent = std::env::var_os("LOBBY_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(std::env::temp_dir);
    let data = parent.join(format!("tabletop-lobby-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);

    let script = Arc::new(script(1));
    println!(
        "lobby: {games} games, {} players, {watched} spectators, {} plies a game, think {} ms on average, data in {}",
        2 * games,
        script.len(),
        think.as_millis(),
        data.display()
    );

    let server_runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("server")
        .build()
        .expect("the server's runtime");
    let clients = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("clients")
        .build()
        .expect("the clients' runtime");
    let database = Database::in_folder(&data);
    let mut options = ServerOptions::new("127.0.0.1:0".parse().expect("an address"), database);
    let connections = 2 * games + watched + 64;
    options.max_connections = connections;
    options.per_address = connections;
    options.max_games = games + 64;
    options.open_per_address = games + 64;
    options.games_per_address = games + 64;
    let server = server_runtime
        .block_on(Server::bind(options))
        .expect("the server binds");
    let address = server.local_addr().expect("its address");
    server_runtime.spawn(server.run(std::future::pending()));
    std::thread::sleep(Duration::from_millis(100));
    let (base, _) = memory();

    let relayed = Arc::new(AtomicUsize::new(0));
    let outcome = clients.block_on(async {
        tokio::time::timeout(
            limit,
            run(
                address,
                games,
                watched,
                think,
                script.clone(),
                relayed.clone(),
            ),
        )
        .await
    });
    let (end_rss, peak) = memory();
    drop(clients);
    drop(server_runtime);
    let _ = std::fs::remove_dir_all(&data);

    let Ok(run) = outcome else {
        let expected = games * script.len();
        eprintln!(
            "lobby: ABORTED after {} s: {} of {expected} moves relayed to an opponent",
            limit.as_secs(),
            relayed.load(Ordering::Relaxed)
        );
        std::process::exit(1);
    };
    let Run {
        set_up,
        played,
        connected_rss,
        client_bytes,
        players,
        spectators,
        failures,
    } = run;
    println!(
        "set up {} connections in {:.1} s; played for {:.1} s",
        2 * games + watched,
        set_up.as_secs_f64(),
        played.as_secs_f64()
    );
    summary("opponents", players);
    summary("spectators", spectators);
    let client_kib = client_bytes / 1024;
    let grown = peak.saturating_sub(base);
    println!(
        "memory (KiB): base {base}, all connected {connected_rss}, peak {peak}, at the end {end_rss}; \
         clients' own buffers and tasks about {client_kib}"
    );
    println!(
        "per game: {:.1} KiB with the clients' share, {:.1} KiB without it (peak - base, over {games} games)",
        grown as f64 / games as f64,
        grown.saturating_sub(client_kib as u64) as f64 / games as f64,
    );
    if !failures.is_empty() {
        eprintln!(
            "lobby: {} clients FAILED, the first: {}",
            failures.len(),
            failures[0]
        );
        std::process::exit(1);
    }
}

/// What a run measured.
struct Run {
    set_up: Duration,
    played: Duration,
    connected_rss: u64,
    /// The clients' tasks and read buffers, in bytes.
    client_bytes: usize,
    players: Vec<Duration>,
    spectators: Vec<Duration>,
    failures: Vec<String>,
}

async fn run(
    address: SocketAddr,
    games: usize,
    watched: usize,
    think: Duration,
    script: Arc<Vec<String>>,
    relayed: Arc<AtomicUsize>,
) -> Run {
    let started = Instant::now();
    let gate = Arc::new(Semaphore::new(SETTING_UP));
    let barrier = Arc::new(Barrier::new(games + 1));
    let mut tables = Vec::new();
    for number in 0..games {
        let gate = gate.clone();
        let barrier = barrier.clone();
        tables.push(tokio::spawn(async move {
            let table = {
                let _permit = gate.acquire().await.expect("the gate");
                set_up(address, number, number < watched).await
            };
            barrier.wait().await;
            table
        }));
    }
    barrier.wait().await;
    let set_up = started.elapsed();
    let (connected_rss, _) = memory();
    let started = Instant::now();
    let mut failures = Vec::new();
    let mut players = Vec::new();
    let mut spectators = Vec::new();
    let mut client_bytes = 0;
    for (number, table) in tables.into_iter().enumerate() {
        let table = match table.await {
            Ok(Ok(table)) => table,
            Ok(Err(why)) => {
                failures.push(format!("game {number}: {why}"));
                continue;
            }
            Err(panic) => {
                failures.push(format!("game {number}: {panic}"));
                continue;
            }
        };
        let clock = Arc::new(Clock {
            sent: Mutex::new(vec![None; script.len()]),
        });
        let Table {
            players: [first, second],
            spectator,
        } = table;
        for (side, link) in [(0, first), (1, second)] {
            let seed = (number * 2 + side) as u64 + 1;
            let task = play(
                link,
                side,
                script.clone(),
                clock.clone(),
                think,
                seed,
                relayed.clone(),
            );
            client_bytes += std::mem::size_of_val(&task) + READ_BUFFER;
            players.push(tokio::spawn(task));
        }
        if let Some(link) = spectator {
            let task = watch(link, script.clone(), clock.clone());
            client_bytes += std::mem::size_of_val(&task) + READ_BUFFER;
            spectators.push(tokio::spawn(task));
        }
    }
    let mut heard = (Vec::new(), Vec::new());
    for (tasks, into) in [(players, &mut heard.0), (spectators, &mut heard.1)] {
        for task in tasks {
            match task.await {
                Ok(Ok(latencies)) => into.extend(latencies),
                Ok(Err(why)) => failures.push(why),
                Err(panic) => failures.push(panic.to_string()),
            }
        }
    }
    Run {
        set_up,
        played: started.elapsed(),
        connected_rss,
        client_bytes,
        players: heard.0,
        spectators: heard.1,
        failures,
    }
}
