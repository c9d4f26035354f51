//! A host whose accept fails (out of file descriptors, say) waits before
//! it tries again, as the lobby server does, rather than spinning. The
//! host runs for real on 127.0.0.1 in a process of its own, held to a few
//! descriptors and all of them taken, on a clock that moves only when
//! nothing is left to do: a host that tried again at once would be
//! polled again and again while the clock stands still.

use std::future::Future;
use std::pin::Pin;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use tabletop_engine::Player;
use tabletop_engine::gekitai::Gekitai;
use tabletop_net::host::{HostOptions, Hosting, Screenless};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// How long the hosting process is given, only to keep a failure from
/// hanging.
const PATIENCE: Duration = Duration::from_secs(120);

/// Set in the process that hosts, held to few descriptors.
const HOSTING: &str = "TABLETOP_TEST_ACCEPT_FAILS";

/// A future, counting how often it is polled.
struct Counted<F> {
    future: Pin<Box<F>>,
    polls: Arc<AtomicUsize>,
}

impl<F: Future> Future for Counted<F> {
    type Output = F::Output;
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        self.polls.fetch_add(1, Ordering::Relaxed);
        self.future.as_mut().poll(cx)
    }
}

#[test]
fn a_host_out_of_descriptors_waits_before_it_accepts_again() {
    if std::env::var_os(HOSTING).is_some() {
        return host_out_of_descriptors();
    }
    let test = std::env::current_exe().expect("the test's own program");
    let mut hosting = Command::new("sh")
        .args(["-c", "ulimit -n 64 && exec \"$0\" \"$@\""])
        .arg(test)
        .args([
            "a_host_out_of_descriptors_waits_before_it_accepts_again",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(HOSTING, "1")
        .spawn()
        .expect("the test runs again");
    // Only to keep a failure from hanging: a host that never waits never
    // lets its clock move.
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = hosting.try_wait().expect("its status") {
            break status;
        }
        if started.elapsed() > PATIENCE {
            let _ = hosting.kill();
            panic!("the host never waited: it tried to accept again and again");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status}");
}

/// The host, in a process held to 64 descriptors.
fn host_out_of_descriptors() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .start_paused(true)
        .build()
        .expect("a runtime");
    let local = tokio::task::LocalSet::new();
    local.block_on(&runtime, async {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
        let address = listener.local_addr().expect("an address");
        let hosting = Hosting::new(listener, Player::First, None).expect("hosting");
        let watch = hosting.watch_code();
        // A spectator knocks, and waits to be accepted.
        let knocking = std::net::TcpStream::connect(address).expect("connected");
        knocking.set_nonblocking(true).expect("non-blocking");
        let knocking = tokio::net::TcpStream::from_std(knocking).expect("a socket");
        // Every descriptor left is taken: accepting it fails.
        let mut taken = Vec::new();
        while let Ok(file) = std::fs::File::open("/dev/null") {
            taken.push(file);
        }
        let options = HostOptions {
            side: Player::First,
            name: "hostie".to_string(),
            clock: None,
            keep: None,
        };
        let polls = Arc::new(AtomicUsize::new(0));
        let host = tokio::task::spawn_local(Counted {
            future: Box::pin(hosting.run(Gekitai::default(), options, Screenless)),
            polls: polls.clone(),
        });
        // Much else runs; the clock stands still meanwhile.
        for _ in 0..100 {
            tokio::task::yield_now().await;
        }
        let polled = polls.load(Ordering::Relaxed);
        assert!(
            polled <= 3,
            "polled {polled} times while its clock stood still: the host tried to accept again at once"
        );
        // Descriptors again: after its wait, the host lets the spectator in.
        drop(taken);
        tokio::time::sleep(tabletop_net::accepting::RETRY_AFTER * 2).await;
        let (read, mut write) = knocking.into_split();
        let hello = serde_json::json!({"type":"hello","version":tabletop_net::protocol::PROTOCOL_VERSION,"name":"eve","code":watch.to_string(),"role":"spectator"});
        write
            .write_all(format!("{hello}\n").as_bytes())
            .await
            .expect("sent");
        let mut lines = BufReader::new(read).lines();
        let answer = lines.next_line().await.expect("read").expect("an answer");
        assert!(answer.contains("\"welcome\""), "{answer}");
        host.abort();
    });
}
