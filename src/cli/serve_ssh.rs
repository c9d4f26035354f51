//! `tabletop serve --ssh PORT`: the SSH door beside the lobby server (see
//! [`crate::ssh`]), its sessions reaching the lobby on this machine.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use super::Failure;
use super::args::ServeArgs;
use super::failed;
use crate::net::pass::Passes;
use crate::net::store::{Database, Store};
use crate::ssh::{Door, DoorOptions};
use tabletop_core::files;

/// Where the lobby listens: as asked, or on this machine alone when only
/// the SSH door is open to others.
pub(super) fn lobby_bind(args: &ServeArgs) -> SocketAddr {
    if args.ssh_only {
        SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 0)
    } else {
        SocketAddr::new(args.bind, args.port)
    }
}

/// The door, bound, if `--ssh` asks for one; its port and host key's
/// fingerprint printed.
pub(super) async fn open(
    args: &ServeArgs,
    database: &Database,
    lobby: SocketAddr,
    (store, passes): (Store, Passes),
) -> Result<Option<Door>, Failure> {
    let Some(port) = args.ssh else {
        return Ok(None);
    };
    let data = match (&args.data, database) {
        (Some(data), _) => data.clone(),
        (None, Database::File(path)) => path
            .parent()
            .map(ToOwned::to_owned)
            .ok_or_else(|| failed("no data folder for the host key"))?,
        (None, Database::Url(_)) => files::data_dir()
            .map(|dir| dir.join("server"))
            .ok_or_else(|| failed("no data folder for the host key: give one with --data DIR"))?,
    };
    std::fs::create_dir_all(&data)
        .map_err(|e| failed(format!("cannot make {}: {e}", data.display())))?;
    // The sessions reach the lobby on this machine.
    let lobby = match lobby.ip() {
        ip if ip.is_unspecified() => SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), lobby.port()),
        _ => lobby,
    };
    let options = DoorOptions {
        bind: SocketAddr::new(args.bind, port),
        data,
        lobby: lobby.to_string(),
        per_address: args.ssh_per_address,
        most: args.ssh_most,
        idle: Duration::from_secs(args.ssh_idle.max(1) * 60),
        searches: args.ssh_searches,
        store,
        passes,
    };
    let door = Door::bind(options)
        .await
        .map_err(|why| failed(format!("cannot open the SSH door: {why}")))?;
    let address = door.local_addr()?;
    let made = if door.new_key { "made now" } else { "kept" };
    println!(
        "SSH door on {address}; host key {} ({made}).",
        door.fingerprint
    );
    Ok(Some(door))
}
