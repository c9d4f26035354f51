//! Load on a real `tabletop serve` (issue 30's measures), over loopback.
//!
//! Starts one or two servers (the binary given, as separate processes),
//! connects two players a game (and spectators for some games), each game
//! Gomoku on 15x15 playing a legal script that does not end, every move
//! timed from its mover's `Instant` before writing it to the opponent's
//! on reading it. Then, as asked: stops the server with SIGKILL or
//! SIGTERM at the end, starts it again, rejoins every game with its codes
//! and counts the moves a player or spectator had seen that are gone,
//! plays one more move in every game, and lists what is left in the data
//! folder beside the database.
//!
//! ```sh
//! ulimit -n 65536
//! cargo run --release -p tabletop-net --example lobby_load -- \
//!     --tabletop target/release/tabletop --data /var/tmp/load --games 1000 \
//!     --spectators 200 --rate 1 --seconds 30 [--stop kill|term] [--hog DIR [--hog-rate MIB_S]] \
//!     [--clock] [--database postgres://... --servers 2] [--floor]
//! ```
//! `--rate 0` plays as fast as the server answers (saturation).
//!
//! `--floor` starts no server: for `--seconds` (beside the hog if one is
//! asked for) it writes 4 KiB in place in a file of the data folder and
//! `fdatasync`s it, again and again, and prints those times: the least a
//! move that is saved before it is relayed can wait on this disk.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tabletop_engine::gomoku::Gomoku;
use tabletop_engine::{Game, Rng};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::net::TcpStream;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::sync::Semaphore;

/// What the run is asked to do.
#[derive(Clone, Debug)]
struct Options {
    tabletop: PathBuf,
    data: PathBuf,
    database: Option<String>,
    servers: usize,
    games: usize,
    spectators: usize,
    /// Moves a second in each game; 0: as fast as the server answers.
    rate: f64,
    seconds: u64,
    stop: Option<String>,
    hog: Option<PathBuf>,
    /// How fast the hog writes, in MiB a second; 0: as fast as it can.
    hog_rate: u64,
    clock: bool,
    floor: bool,
}

fn options() -> Options {
    let mut options = Options {
        tabletop: PathBuf::from("target/release/tabletop"),
        data: std::env::temp_dir().join("tabletop-load"),
        database: None,
        servers: 1,
        games: 1000,
        spectators: 200,
        rate: 1.0,
        seconds: 30,
        stop: None,
        hog: None,
        hog_rate: 0,
        clock: false,
        floor: false,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--tabletop" => options.tabletop = value.into(),
            "--data" => options.data = value.into(),
            "--database" => options.database = Some(value),
            "--servers" => options.servers = value.parse().expect("a number"),
            "--games" => options.games = value.parse().expect("a number"),
            "--spectators" => options.spectators = value.parse().expect("a number"),
            "--rate" => options.rate = value.parse().expect("a number"),
            "--seconds" => options.seconds = value.parse().expect("a number"),
            "--stop" => options.stop = Some(value),
            "--hog" => options.hog = Some(value.into()),
            "--hog-rate" => options.hog_rate = value.parse().expect("a number"),
            "--clock" | "--floor" => {
                match args[i].as_str() {
                    "--clock" => options.clock = true,
                    _ => options.floor = true,
                }
                i += 1;
                continue;
            }
            other => panic!("unknown argument {other}"),
        }
        i += 2;
    }
    options
}

/// A legal Gomoku script that does not end: moves that do not win.
fn script(seed: u64, plies: usize) -> Vec<String> {
    let mut rng = Rng::new(seed);
    let mut game = Gomoku::default();
    let mut moves = Vec::new();
    let mut legal = Vec::new();
    while moves.len() < plies {
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
        if going.is_empty() {
            break;
        }
        let mv = going[rng.below(going.len())];
        game.play_unchecked(mv);
        moves.push(mv.to_string());
    }
    moves
}

/// A `tabletop serve` process.
struct Server {
    child: Child,
    address: String,
}

impl Server {
    fn start(options: &Options, number: usize) -> Server {
        let data = options.data.join(format!("server{number}"));
        std::fs::create_dir_all(&data).expect("a data folder");
        let mut args = vec![
            "serve".to_string(),
            "--port".into(),
            "0".into(),
            "--bind".into(),
            "127.0.0.1".into(),
            "--data".into(),
            data.display().to_string(),
        ];
        for (flag, value) in [
            ("--per-address", "100000"),
            ("--max-games", "100000"),
            ("--open-per-address", "100000"),
            ("--games-per-address", "100000"),
        ] {
            args.push(flag.into());
            args.push(value.into());
        }
        if let Some(database) = &options.database {
            args.push("--database".into());
            args.push(database.clone());
        }
        // The server's log, beside the data folder (which is removed at
        // the end), for what went wrong in a run.
        let log = std::fs::File::create(options.data.with_extension(format!("server{number}.log")))
            .expect("a log file");
        let mut child = Command::new(&options.tabletop)
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn()
            .expect("tabletop serve starts");
        let mut line = String::new();
        let mut out = std::io::BufReader::new(child.stdout.take().expect("piped"));
        std::io::BufRead::read_line(&mut out, &mut line).expect("it says where it serves");
        let address = line
            .strip_prefix("Serving on ")
            .and_then(|rest| rest.split(';').next())
            .expect("an address")
            .to_string();
        Server { child, address }
    }

    /// SIGKILL or SIGTERM, and the wait for the end.
    fn stop(&mut self, how: &str) -> Duration {
        let signal = match how {
            "kill" => "KILL",
            _ => "TERM",
        };
        let started = Instant::now();
        let _ = Command::new("kill")
            .args([format!("-{signal}"), self.child.id().to_string()])
            .status();
        let _ = self.child.wait();
        started.elapsed()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One connection, read line by line.
struct Link {
    lines: Lines<BufReader<OwnedReadHalf>>,
    write: OwnedWriteHalf,
}

impl Link {
    async fn open(address: &str, first: Value) -> Result<Link, String> {
        let stream = TcpStream::connect(address)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        let _ = stream.set_nodelay(true);
        let (read, write) = stream.into_split();
        let mut link = Link {
            lines: BufReader::with_capacity(1024, read).lines(),
            write,
        };
        link.send(&first).await?;
        Ok(link)
    }

    async fn send(&mut self, message: &Value) -> Result<(), String> {
        self.write
            .write_all(format!("{message}\n").as_bytes())
            .await
            .map_err(|e| format!("write: {e}"))
    }

    /// The next message of type `kind`, answering pings on the way.
    async fn expect(&mut self, kind: &str) -> Result<Value, String> {
        loop {
            let line = self
                .lines
                .next_line()
                .await
                .map_err(|e| format!("read: {e}"))?
                .ok_or_else(|| format!("closed while waiting for {kind}"))?;
            let message: Value = serde_json::from_str(&line).map_err(|e| e.to_string())?;
            match message["type"].as_str() {
                Some(found) if found == kind => return Ok(message),
                Some("ping") => self.send(&json!({"type":"pong"})).await?,
                Some("error") => return Err(format!("waiting for {kind}: {line}")),
                _ => {}
            }
        }
    }
}

/// A game's connections and codes.
struct Table {
    players: [Link; 2],
    spectator: Option<Link>,
    rejoin: [String; 2],
}

async fn set_up(
    addresses: &[String],
    number: usize,
    watched: bool,
    clock: bool,
) -> Result<Table, String> {
    // With two servers, the players of a game are on different ones.
    let (home, away) = (&addresses[0], &addresses[addresses.len() - 1]);
    let mut create = json!({"type":"create","name":format!("a{number}"),"game":"gomoku","settings":{},"side":"first"});
    if clock {
        create["clock"] = json!({"base_ms": 3_600_000, "increment_ms": 0});
    }
    let mut creator = Link::open(home, create).await?;
    let created = creator.expect("created").await?;
    creator.expect("welcome").await?;
    let hello = |code: &Value, role: &str| json!({"type":"hello","version":tabletop_net::protocol::PROTOCOL_VERSION,"name":format!("b{number}"),"code":code,"role":role});
    let mut joiner = Link::open(away, hello(&created["join"], "player")).await?;
    let welcome = joiner.expect("welcome").await?;
    let spectator = match watched {
        true => {
            let mut link = Link::open(away, hello(&created["watch"], "spectator")).await?;
            link.expect("welcome").await?;
            Some(link)
        }
        false => None,
    };
    let code = |value: &Value| value.as_str().unwrap_or_default().to_string();
    Ok(Table {
        players: [creator, joiner],
        spectator,
        rejoin: [code(&created["rejoin"]), code(&welcome["rejoin"])],
    })
}

/// What a game's clients measured.
#[derive(Default)]
struct Measured {
    latencies: Vec<Duration>,
    /// Moves any opponent or spectator received.
    seen: usize,
    acked: usize,
}

/// Shared between a game's clients: when each move was sent, and how far
/// the game got.
struct Sent {
    at: std::sync::Mutex<Vec<Option<Instant>>>,
    seen: AtomicU64,
    /// When the last move was heard.
    last: std::sync::Mutex<Option<Instant>>,
}

async fn player(
    mut link: Link,
    side: usize,
    script: Arc<Vec<String>>,
    sent: Arc<Sent>,
    start: Instant,
    options: Options,
    running: Arc<AtomicBool>,
) -> Measured {
    let mut measured = Measured::default();
    for (ply, mv) in script.iter().enumerate() {
        if !running.load(Ordering::Relaxed) {
            break;
        }
        if ply % 2 == side {
            if options.rate > 0.0 {
                let due = start + Duration::from_secs_f64(ply as f64 / options.rate);
                tokio::time::sleep_until(due.into()).await;
            }
            sent.at.lock().expect("the clock")[ply] = Some(Instant::now());
            if link.send(&json!({"type":"move","move":mv})).await.is_err() {
                break;
            }
            match link.expect("ack").await {
                Ok(_) => measured.acked += 1,
                Err(_) => break,
            }
        } else {
            // The opponent stops when the time is up and sends no more.
            let heard = tokio::select! {
                heard = link.expect("move") => heard,
                () = stopped(&running) => break,
            };
            if heard.is_err() {
                break;
            }
            let now = Instant::now();
            if let Some(at) = sent.at.lock().expect("the clock")[ply] {
                measured.latencies.push(now - at);
            }
            sent.seen.fetch_max(ply as u64 + 1, Ordering::Relaxed);
            *sent.last.lock().expect("the clock") = Some(now);
            measured.seen += 1;
        }
    }
    measured
}

/// Ready once the run is over.
async fn stopped(running: &AtomicBool) {
    while running.load(Ordering::Relaxed) {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn spectator(mut link: Link, plies: usize, sent: Arc<Sent>) {
    for ply in 0..plies {
        if link.expect("move").await.is_err() {
            return;
        }
        sent.seen.fetch_max(ply as u64 + 1, Ordering::Relaxed);
    }
}

/// How many `noun`, and their p50, p90, p99 and longest, in milliseconds.
fn percentiles(mut latencies: Vec<Duration>, noun: &str) -> String {
    if latencies.is_empty() {
        return "no moves".to_string();
    }
    latencies.sort();
    let at = |q: f64| {
        let i = ((latencies.len() as f64 * q).ceil() as usize).clamp(1, latencies.len());
        latencies[i - 1].as_secs_f64() * 1000.0
    };
    format!(
        "{} {noun}, p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        latencies.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    )
}

/// Writes and `fsync`s 64 MiB files in `folder`, again and again, while
/// `running`, at most `rate` MiB a second (0: as fast as it can).
fn hog(folder: PathBuf, rate: u64, running: Arc<AtomicBool>) -> std::thread::JoinHandle<u64> {
    std::thread::spawn(move || {
        use std::io::Write;
        std::fs::create_dir_all(&folder).expect("the hog's folder");
        let path = folder.join("hog.bin");
        let block = vec![0x5au8; 1 << 20];
        let mut written = 0u64;
        let started = Instant::now();
        while running.load(Ordering::Relaxed) {
            if rate > 0 {
                let due = Duration::from_secs_f64(written as f64 / rate as f64);
                std::thread::sleep(due.saturating_sub(started.elapsed()));
            }
            let mut file = std::fs::File::create(&path).expect("the hog's file");
            for _ in 0..64 {
                file.write_all(&block).expect("written");
            }
            file.sync_all().expect("synced");
            written += 64;
        }
        let _ = std::fs::remove_file(&path);
        written
    })
}

/// Times 4 KiB written in place and `fdatasync`ed, for the options'
/// seconds, beside the hog if asked for.
fn floor(options: &Options) {
    use std::os::unix::fs::FileExt;
    std::fs::create_dir_all(&options.data).expect("a data folder");
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(true)
        .open(options.data.join("floor.bin"))
        .expect("the floor's file");
    const SPAN: u64 = 4 << 20;
    file.write_all_at(&vec![0u8; SPAN as usize], 0)
        .expect("written");
    file.sync_all().expect("synced");
    let running = Arc::new(AtomicBool::new(true));
    let hogging = options
        .hog
        .clone()
        .map(|folder| hog(folder, options.hog_rate, running.clone()));
    let block = [0xa5u8; 4096];
    let (mut times, mut offset) = (Vec::new(), 0);
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(options.seconds) {
        let at = Instant::now();
        file.write_all_at(&block, offset).expect("written");
        file.sync_data().expect("synced");
        times.push(at.elapsed());
        offset = (offset + 4096) % SPAN;
    }
    running.store(false, Ordering::Relaxed);
    println!(
        "write and fdatasync of 4 KiB: {}",
        percentiles(times, "times")
    );
    if let Some(hogging) = hogging {
        println!(
            "the hog wrote {} MiB with fsync",
            hogging.join().unwrap_or(0)
        );
    }
    let _ = std::fs::remove_dir_all(&options.data);
}

fn main() {
    let options = options();
    let _ = std::fs::remove_dir_all(&options.data);
    if options.floor {
        floor(&options);
        return;
    }
    let mut servers: Vec<Server> = (0..options.servers)
        .map(|n| Server::start(&options, n))
        .collect();
    let addresses: Vec<String> = servers
        .iter()
        .map(|server| server.address.clone())
        .collect();
    let plies = 200;
    let script = Arc::new(script(7, plies));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    println!(
        "{} games, {} spectators, {} servers, rate {} moves/s a game, {} s, clock {}, hog {:?}",
        options.games,
        options.spectators,
        options.servers,
        options.rate,
        options.seconds,
        options.clock,
        options.hog
    );
    let set_up_started = Instant::now();
    let tables = set_up_all(&runtime, &options, &addresses);
    println!("set up in {:.1} s", set_up_started.elapsed().as_secs_f64());
    let running = Arc::new(AtomicBool::new(true));
    let hogging = options
        .hog
        .clone()
        .map(|folder| hog(folder, options.hog_rate, running.clone()));
    let played_started = Instant::now();
    let mut codes = Vec::new();
    let (measured, sents) = play_all(
        &runtime,
        &options,
        tables,
        &script,
        &running,
        &mut servers,
        &mut codes,
    );
    // Until the last move heard (the scripts may end before the time).
    let last = sents
        .iter()
        .filter_map(|sent| *sent.last.lock().expect("the clock"))
        .max()
        .unwrap_or_else(Instant::now);
    let played = last.saturating_duration_since(played_started).as_secs_f64();
    let relayed = measured.latencies.len();
    println!(
        "relayed: {} in {:.1} s ({:.0} moves/s), acks {}",
        percentiles(measured.latencies, "moves"),
        played,
        relayed as f64 / played,
        measured.acked
    );
    if let Some(hogging) = hogging {
        running.store(false, Ordering::Relaxed);
        println!(
            "the hog wrote {} MiB with fsync",
            hogging.join().unwrap_or(0)
        );
    }
    if options.stop.is_some() {
        servers[0] = Server::start(&options, 0);
        after_restart(
            &runtime,
            &options,
            &servers[0].address,
            codes,
            &sents,
            &script,
        );
    }
    drop(servers);
    let _ = std::fs::remove_dir_all(&options.data);
}

/// Plays every game for the options' seconds (stopping the first server
/// at the end if asked): what was measured, and what each game sent.
fn play_all(
    runtime: &tokio::runtime::Runtime,
    options: &Options,
    tables: Vec<Table>,
    script: &Arc<Vec<String>>,
    running: &Arc<AtomicBool>,
    servers: &mut [Server],
    codes: &mut Vec<[String; 2]>,
) -> (Measured, Vec<Arc<Sent>>) {
    runtime.block_on(async {
        let mut tasks = Vec::new();
        let mut sents = Vec::new();
        let mut rng = Rng::new(11);
        for table in tables {
            let Table {
                players: [first, second],
                spectator: watcher,
                rejoin,
            } = table;
            codes.push(rejoin);
            let sent = Arc::new(Sent {
                at: std::sync::Mutex::new(vec![None; script.len()]),
                seen: AtomicU64::new(0),
                last: std::sync::Mutex::new(None),
            });
            sents.push(sent.clone());
            let spread = match options.rate > 0.0 {
                true => Duration::from_secs_f64(rng.below(1000) as f64 / 1000.0 / options.rate),
                false => Duration::ZERO,
            };
            let start = Instant::now() + spread;
            for (side, link) in [(0, first), (1, second)] {
                let (script, sent, options, running) = (
                    script.clone(),
                    sent.clone(),
                    options.clone(),
                    running.clone(),
                );
                tasks.push(tokio::spawn(player(
                    link, side, script, sent, start, options, running,
                )));
            }
            if let Some(link) = watcher {
                tokio::spawn(spectator(link, script.len(), sent.clone()));
            }
        }
        tokio::time::sleep(Duration::from_secs(options.seconds)).await;
        if let Some(how) = &options.stop {
            let took = servers[0].stop(how);
            println!(
                "stopped the server with {how} in {:.2} s",
                took.as_secs_f64()
            );
        }
        running.store(false, Ordering::Relaxed);
        let mut measured = Measured::default();
        // One deadline for all, not five seconds for each in turn.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
        for task in tasks {
            if let Ok(Ok(part)) = tokio::time::timeout_at(deadline, task).await {
                measured.latencies.extend(part.latencies);
                measured.acked += part.acked;
            }
        }
        (measured, sents)
    })
}

/// Creates, joins (and watches) every game, 64 at a time.
fn set_up_all(
    runtime: &tokio::runtime::Runtime,
    options: &Options,
    addresses: &[String],
) -> Vec<Table> {
    let addresses = addresses.to_vec();
    runtime.block_on(async {
        let gate = Arc::new(Semaphore::new(64));
        let mut tasks = Vec::new();
        for number in 0..options.games {
            let (gate, addresses) = (gate.clone(), addresses.clone());
            let watched = number < options.spectators;
            let clock = options.clock;
            tasks.push(tokio::spawn(async move {
                let _permit = gate.acquire().await.expect("the gate");
                set_up(&addresses, number, watched, clock).await
            }));
        }
        let mut tables = Vec::new();
        for task in tasks {
            tables.push(task.await.expect("a task").expect("a game set up"));
        }
        tables
    })
}

/// After the server came back: which games lost a move someone had seen,
/// which went on, and what files the stop left beside the database.
fn after_restart(
    runtime: &tokio::runtime::Runtime,
    options: &Options,
    address: &str,
    codes: Vec<[String; 2]>,
    sents: &[Arc<Sent>],
    script: &Arc<Vec<String>>,
) {
    let address = address.to_string();
    let seen: Vec<u64> = sents
        .iter()
        .map(|sent| sent.seen.load(Ordering::Relaxed))
        .collect();
    let (lost, went_on) = runtime.block_on(check(address, codes, seen, script.clone()));
    println!(
        "after the restart: {lost} games lost a move someone had seen; {went_on} of {} went on",
        options.games
    );
    let data = options.data.join("server0");
    let left: Vec<String> = std::fs::read_dir(&data)
        .map(|entries| {
            entries
                .flatten()
                .map(|entry| entry.file_name().to_string_lossy().into_owned())
                .filter(|name| !name.starts_with("tabletop.db"))
                .collect()
        })
        .unwrap_or_default();
    println!("files beside the database: {left:?}");
}

/// Rejoins every game with both codes: the moves kept against the moves
/// someone had seen, then one more move in each game.
async fn check(
    address: String,
    codes: Vec<[String; 2]>,
    seen: Vec<u64>,
    script: Arc<Vec<String>>,
) -> (usize, usize) {
    let gate = Arc::new(Semaphore::new(64));
    let mut tasks = Vec::new();
    for (codes, seen) in codes.into_iter().zip(seen) {
        let (gate, address, script) = (gate.clone(), address.clone(), script.clone());
        tasks.push(tokio::spawn(async move {
            let _permit = gate.acquire().await.expect("the gate");
            let hello = |code: &str| json!({"type":"hello","version":tabletop_net::protocol::PROTOCOL_VERSION,"name":"back","code":code,"role":"player"});
            let mut first = Link::open(&address, hello(&codes[0])).await?;
            let welcome = first.expect("welcome").await?;
            let mut second = Link::open(&address, hello(&codes[1])).await?;
            second.expect("welcome").await?;
            let kept = welcome["moves"].as_array().map_or(0, Vec::len);
            let lost = (kept as u64) < seen;
            let (mover, other) = match kept % 2 {
                0 => (&mut first, &mut second),
                _ => (&mut second, &mut first),
            };
            let mv = script.get(kept).cloned().unwrap_or_default();
            mover.send(&json!({"type":"move","move":mv})).await?;
            mover.expect("ack").await?;
            other.expect("move").await?;
            Ok::<bool, String>(lost)
        }));
    }
    let (mut lost, mut went_on) = (0, 0);
    for task in tasks {
        match task.await {
            Ok(Ok(was_lost)) => {
                went_on += 1;
                lost += usize::from(was_lost);
            }
            Ok(Err(why)) => eprintln!("a game did not go on: {why}"),
            Err(_) => {}
        }
    }
    (lost, went_on)
}
