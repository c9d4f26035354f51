//! `tabletop serve`: the lobby server, its games in a database (SQLite in
//! the data folder, or PostgreSQL with `--database`), its log on standard
//! error, until SIGTERM or SIGINT stops it cleanly. `--import-folder`
//! brings in a data folder of the earlier kind, `--export` prints a game
//! as a record.

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use super::Failure;
use super::args::ServeArgs;
use super::failed;
use crate::net::connection::Keepalive;
use crate::net::server::{Server, ServerOptions};
use crate::net::store::writer::Limits;
use crate::net::store::{self, Database, Store};
use tabletop_core::files;

/// `tabletop serve`, with what its arguments ask.
pub(super) fn serve(args: &ServeArgs) -> Result<ExitCode, Failure> {
    if args.ssh_only && args.ssh.is_none() {
        return Err(Failure::usage("--ssh-only needs --ssh PORT"));
    }
    // Said here rather than by clap's conflicts_with, which ties the flag
    // to another (the help's check gives each flag alone).
    if args.import_folder.is_some() && args.export.is_some() {
        return Err(Failure::usage(
            "--import-folder and --export are two jobs: give one at a time",
        ));
    }
    let database = database(args)?;
    let level = match args.export {
        Some(_) => tracing::Level::WARN,
        None => tracing::Level::INFO,
    };
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .with_max_level(level)
        .init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    if let Some(folder) = &args.import_folder {
        return runtime.block_on(import(&database, folder));
    }
    if let Some(id) = args.export {
        return runtime.block_on(export(&database, id));
    }
    let options = options(args, database.clone());
    runtime.block_on(async {
        let fresh = matches!(&database, Database::File(path) if !path.exists());
        let server = Server::bind(options)
            .await
            .map_err(|why| failed(format!("cannot serve: {why}")))?;
        if fresh && let Database::File(path) = &database {
            bring_in_earlier_games(&server, path).await?;
        }
        let address = server.local_addr()?;
        println!(
            "Serving on {address}; {} unfinished games in {}.",
            server.games().await,
            database.shown()
        );
        if let Some(door) =
            super::serve_ssh::open(args, &database, address, (server.store(), server.passes()))
                .await?
        {
            tokio::select! {
                () = server.run(stopped()) => {}
                () = door.run() => {}
            }
            return Ok(ExitCode::SUCCESS);
        }
        server.run(stopped()).await;
        Ok(ExitCode::SUCCESS)
    })
}

/// Where the games are kept: PostgreSQL if given, else the SQLite file
/// in the data folder (made if it is not there).
fn database(args: &ServeArgs) -> Result<Database, Failure> {
    if let Some(url) = &args.database {
        if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
            return Err(Failure::usage(
                "--database takes a PostgreSQL address, postgres://USER@HOST/DATABASE",
            ));
        }
        return Ok(Database::Url(url.clone()));
    }
    let data = match &args.data {
        Some(data) => data.clone(),
        None => files::data_dir()
            .map(|dir| dir.join("server"))
            .ok_or_else(|| failed("no data folder: give one with --data DIR"))?,
    };
    std::fs::create_dir_all(&data)
        .map_err(|e| failed(format!("cannot make {}: {e}", data.display())))?;
    Ok(Database::in_folder(&data))
}

fn options(args: &ServeArgs, database: Database) -> ServerOptions {
    let bind = super::serve_ssh::lobby_bind(args);
    let mut options = ServerOptions::new(bind, database);
    options.reconnect_timeout = Duration::from_secs(args.reconnect_timeout);
    options.per_address = args.per_address.max(1);
    options.max_games = args.max_games;
    options.open_per_address = args.open_per_address;
    options.games_per_address = args.games_per_address;
    options.open_game_expiry = Duration::from_secs(args.open_game_expiry);
    let quiet = Duration::from_secs(args.keepalive.max(1));
    options.keepalive = Keepalive {
        ping_after: quiet,
        answer_within: quiet,
        ..Keepalive::default()
    };
    options
}

/// Resolves when the server is asked to stop: SIGTERM or SIGINT.
async fn stopped() {
    use tokio::signal::unix::{SignalKind, signal};
    let (Ok(mut term), Ok(mut interrupt)) = (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    ) else {
        return std::future::pending().await;
    };
    tokio::select! {
        _ = term.recv() => tracing::info!("SIGTERM"),
        _ = interrupt.recv() => tracing::info!("SIGINT"),
    }
}

/// Opens the database alone, for a command that serves nothing.
async fn open(database: &Database) -> Result<(Store, tokio::task::JoinHandle<()>), Failure> {
    let limits = Limits {
        games: u64::MAX,
        open_per_address: u64::MAX,
        games_per_address: u64::MAX,
    };
    Store::open(database, "maintenance", limits)
        .await
        .map_err(failed)
}

/// `--import-folder DIR`.
async fn import(database: &Database, folder: &Path) -> Result<ExitCode, Failure> {
    let (store, writer) = open(database).await?;
    let said = store.import(folder).await.map_err(failed);
    store.writer.finish().await;
    let _ = writer.await;
    store.close().await;
    for line in said? {
        println!("{line}");
    }
    Ok(ExitCode::SUCCESS)
}

/// `--export ID`.
async fn export(database: &Database, id: u64) -> Result<ExitCode, Failure> {
    let (store, writer) = open(database).await?;
    let record = store::export::record(&store, id).await.map_err(failed);
    store.writer.finish().await;
    let _ = writer.await;
    store.close().await;
    print!("{}", record?);
    Ok(ExitCode::SUCCESS)
}

/// A data folder of the earlier kind, served for the first time with a
/// database: its games are brought in, so that their codes still work.
async fn bring_in_earlier_games(server: &Server, database: &Path) -> Result<(), Failure> {
    let Some(folder) = database.parent() else {
        return Ok(());
    };
    let earlier = std::fs::read_dir(folder)
        .map(|entries| {
            entries
                .flatten()
                .any(|entry| entry.file_name().to_string_lossy().ends_with(".room.json"))
        })
        .unwrap_or(false);
    if earlier {
        for line in server.import(folder).await.map_err(failed)? {
            tracing::info!("{line}");
        }
    }
    Ok(())
}
