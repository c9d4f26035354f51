//! Games between two players with keys are rated as they end, on a real
//! lobby server with SQLite and PostgreSQL: both ratings move as
//! Glicko-2 says, once; a game with a guest is not rated; the lobby's
//! list shows each player's rating (or that they are a guest); a player's
//! rated games are kept, the latest first.

use std::net::SocketAddr;

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::net::TcpStream;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};

use tabletop_core::rating::{Outcome, Rating, glicko2};
use tabletop_net::pass::Passes;
use tabletop_net::protocol::{Message, Standing};
use tabletop_net::server::{Server, ServerOptions};
use tabletop_net::store::{Database, Store};

mod common;

/// A connection to the lobby, speaking its lines.
struct Client {
    lines: Lines<BufReader<OwnedReadHalf>>,
    write: OwnedWriteHalf,
}

impl Client {
    async fn open(address: SocketAddr) -> Client {
        let stream = TcpStream::connect(address)
            .await
            .expect("the server listens");
        let (read, write) = stream.into_split();
        Client {
            lines: BufReader::new(read).lines(),
            write,
        }
    }

    async fn send(&mut self, message: Value) {
        let line = format!("{message}\n");
        self.write
            .write_all(line.as_bytes())
            .await
            .expect("the server reads");
    }

    /// Reads until a message of type `kind`, which it returns.
    async fn until(&mut self, kind: &str) -> Value {
        loop {
            let line = self
                .lines
                .next_line()
                .await
                .expect("the server writes")
                .unwrap_or_else(|| panic!("the server hung up before a {kind}"));
            let message: Value = serde_json::from_str(&line).expect("JSON");
            assert_ne!(message["type"], "error", "{line}");
            if message["type"] == kind {
                return message;
            }
        }
    }
}

/// `name` creates a game of Gekitai, seated first, with `pass` if given;
/// the game's number.
async fn create(address: SocketAddr, name: &str, pass: Option<&str>) -> (Client, u64) {
    let mut client = Client::open(address).await;
    let mut create = json!({
        "type": "create", "name": name, "game": "gekitai", "settings": {}, "side": "first",
    });
    if let Some(pass) = pass {
        create["pass"] = json!(pass);
    }
    client.send(create).await;
    let id = client.until("created").await["id"]
        .as_u64()
        .expect("a number");
    client.until("welcome").await;
    (client, id)
}

/// `name` takes the open seat of the game `id`.
async fn enter(address: SocketAddr, name: &str, id: u64, pass: Option<&str>) -> Client {
    let mut client = Client::open(address).await;
    let mut enter = json!({"type": "enter", "name": name, "id": id, "role": "player"});
    if let Some(pass) = pass {
        enter["pass"] = json!(pass);
    }
    client.send(enter).await;
    client.until("welcome").await;
    client
}

/// The lobby's list of games in progress, as the server sends it.
async fn playing(address: SocketAddr) -> Vec<Value> {
    list(address, "playing").await
}

/// One part of the lobby's list (`open` or `playing`).
async fn list(address: SocketAddr, part: &str) -> Vec<Value> {
    let mut client = Client::open(address).await;
    client.send(json!({"type": "list"})).await;
    let games = client.until("games").await;
    // Every listing reads as the protocol's.
    let line = games.to_string();
    assert!(matches!(
        tabletop_net::protocol::decode(line.as_bytes()),
        Ok(Message::Games { .. })
    ));
    games[part].as_array().expect("a list").clone()
}

/// `name` seeks a game of Gekitai within `range` of their rating: the
/// game's number, and whether it was a seek waiting (no codes given).
async fn seek(address: SocketAddr, name: &str, pass: Option<&str>, range: u32) -> (Client, Value) {
    let mut client = Client::open(address).await;
    let mut create = json!({
        "type": "create", "name": name, "game": "gekitai", "settings": {}, "side": "first",
        "seek": range,
    });
    if let Some(pass) = pass {
        create["pass"] = json!(pass);
    }
    client.send(create).await;
    let created = client.until("created").await;
    client.until("welcome").await;
    (client, created)
}

/// Seeks: a seek waits in the list with the ratings it wants; another
/// that suits it joins it; one too far apart waits apart; a seek ends
/// when its seeker leaves; a guest may not seek.
async fn seeks(address: SocketAddr, passes: &Passes, store: &Store) {
    // ada is about 1423 at Gekitai by now, bob 1577, cy new (1500):
    // within 100 points, cy suits ada, bob suits neither ada nor cy's
    // seek made after ada's (it joins ada's, the oldest).
    let ada_rating = rating(store, "SHA256:ada").await.rating;
    let ada_pass = passes.issue("SHA256:ada").expect("a pass");
    let bob_pass = passes.issue("SHA256:bob").expect("a pass");
    let cy_pass = passes.issue("SHA256:cy").expect("a pass");
    let (mut ada, waits) = seek(address, "ada", Some(ada_pass.code()), 100).await;
    let ada_game = waits["id"].as_u64().expect("a number");
    assert_ne!(waits["join"], "", "a seek waiting has its codes: {waits}");
    let open = list(address, "open").await;
    let shown = open.iter().find(|g| g["id"] == ada_game).expect("listed");
    let bounds = [ada_rating - 100.0, ada_rating + 100.0].map(|b| b.round() as u32);
    assert_eq!(shown["seek"], json!(bounds), "{shown}");
    // bob is too far from ada: his seek waits apart.
    let (mut bob, apart) = seek(address, "bob", Some(bob_pass.code()), 100).await;
    assert_ne!(apart["id"], ada_game, "{apart}");
    // cy suits ada (and ada cy): cy joins ada's game.
    let (cy, joined) = seek(address, "cy", Some(cy_pass.code()), 100).await;
    assert_eq!(joined["id"], ada_game, "{joined}");
    assert_eq!(joined["join"], "", "{joined}");
    ada.until("notice").await;
    // bob leaves: his seek ends (one watching is told), and is listed no
    // more.
    let bob_game = apart["id"].clone();
    let mut watcher = Client::open(address).await;
    let watch = json!({"type": "enter", "name": "zoe", "id": bob_game, "role": "spectator"});
    watcher.send(watch).await;
    watcher.until("welcome").await;
    bob.write.shutdown().await.expect("a shutdown");
    drop(bob);
    let end = watcher.until("end").await;
    assert_eq!(end["result"], "abandoned", "{end}");
    let open = list(address, "open").await;
    assert!(!open.iter().any(|g| g["id"] == bob_game), "{open:?}");
    // A guest is told a seek needs a key.
    let mut guest = Client::open(address).await;
    let create = json!({
        "type": "create", "name": "eve", "game": "gekitai", "settings": {}, "side": "first",
        "seek": 200,
    });
    guest.send(create).await;
    let line = guest
        .lines
        .next_line()
        .await
        .expect("an answer")
        .expect("a line");
    assert!(line.contains("a seek is for players with a key"), "{line}");
    drop((ada, cy));
}

fn standings(listing: &Value) -> [Option<Standing>; 2] {
    serde_json::from_value(listing["standings"].clone()).expect("standings")
}

async fn rating(store: &Store, key: &str) -> Rating {
    let player = store.player(key).await.expect("a look").expect("kept");
    let [(game, rating, _)] = player.ratings.as_slice() else {
        panic!("one kind of game rated: {:?}", player.ratings);
    };
    assert_eq!(game, "gekitai");
    *rating
}

fn after(me: Rating, them: Rating, score: f64) -> Rating {
    let game = Outcome {
        opponent: them,
        score,
    };
    me.after(&[game], glicko2::TAU)
}

async fn rated_games(database: Database) {
    let bind = "127.0.0.1:0".parse().expect("an address");
    let options = ServerOptions::new(bind, database.clone());
    let server = Server::bind(options).await.expect("the server starts");
    let address = server.local_addr().expect("an address");
    let store = server.store();
    let passes: Passes = server.passes();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(server.run(async {
        let _ = stopped.await;
    }));
    for (key, name) in [
        ("SHA256:ada", "ada"),
        ("SHA256:bob", "bob"),
        ("SHA256:cy", "cy"),
    ] {
        store.visit(key, name, 1).await.expect("a visit");
    }
    let ada_pass = passes.issue("SHA256:ada").expect("a pass");
    let bob_pass = passes.issue("SHA256:bob").expect("a pass");
    let fresh = Rating::default();

    // ada and bob, both with keys: the list shows their ratings, and
    // ada resigns.
    let (mut ada, first) = create(address, "ada", Some(ada_pass.code())).await;
    let mut bob = enter(address, "bob", first, Some(bob_pass.code())).await;
    // Told once bob's seat is written down.
    ada.until("notice").await;
    let listed = playing(address).await;
    let shown = listed.iter().find(|g| g["id"] == first).expect("listed");
    let rated = Some(Standing::Rated { rating: 1500 });
    assert_eq!(standings(shown), [rated, rated]);
    ada.send(json!({"type": "resign", "side": "first"})).await;
    let end = bob.until("end").await;
    assert_eq!(end["result"], "O", "{end}");
    let (ada_1, bob_1) = (after(fresh, fresh, 0.0), after(fresh, fresh, 1.0));
    assert_eq!(rating(&store, "SHA256:ada").await, ada_1);
    assert_eq!(rating(&store, "SHA256:bob").await, bob_1);
    assert!(ada_1.rating < 1500.0 && bob_1.rating > 1500.0);
    // The end seen again moves nobody.
    let again = store.rate_ended(first, 9).await.expect("a look");
    assert_eq!(again, None);
    assert_eq!(rating(&store, "SHA256:ada").await, ada_1);

    // A guest's game: listed as a guest's, and not rated.
    let (mut ada, second) = create(address, "ada", Some(ada_pass.code())).await;
    let mut guest = enter(address, "eve", second, None).await;
    ada.until("notice").await;
    let listed = playing(address).await;
    let shown = listed.iter().find(|g| g["id"] == second).expect("listed");
    let ada_shown = Standing::Rated {
        rating: ada_1.rating.round() as u32,
    };
    assert_eq!(standings(shown), [Some(ada_shown), Some(Standing::Guest)]);
    ada.send(json!({"type": "resign", "side": "first"})).await;
    guest.until("end").await;
    assert_eq!(rating(&store, "SHA256:ada").await, ada_1);

    // bob and ada again, bob first: a draw agreed.
    let (mut bob, third) = create(address, "bob", Some(bob_pass.code())).await;
    let mut ada = enter(address, "ada", third, Some(ada_pass.code())).await;
    bob.send(json!({"type": "offer", "what": "draw"})).await;
    ada.until("offer").await;
    ada.send(json!({"type": "answer", "what": "draw", "accept": true}))
        .await;
    let end = ada.until("end").await;
    assert_eq!(end["result"], "draw", "{end}");
    let ada_3 = after(ada_1, bob_1, 0.5);
    assert_eq!(rating(&store, "SHA256:ada").await, ada_3);
    assert_eq!(rating(&store, "SHA256:bob").await, after(bob_1, ada_1, 0.5));

    // ada's rated games, the latest first; the guest's game is not one.
    let history = store.history("SHA256:ada", 10).await.expect("a look");
    let seen: Vec<_> = history
        .iter()
        .map(|game| (game.id, game.opponent.as_str(), game.score))
        .collect();
    assert_eq!(seen, [(third, "bob", 0.5), (first, "bob", 0.0)]);
    assert_eq!(
        (history[0].before, history[0].after),
        (ada_1.rating, ada_3.rating)
    );
    assert_eq!(
        (history[1].before, history[1].after),
        (1500.0, ada_1.rating)
    );
    let ada_player = store.player("SHA256:ada").await.expect("a look");
    assert_eq!(ada_player.expect("kept").ratings[0].2, 2);

    seeks(address, &passes, &store).await;

    // A pass dropped (its session over) stands for nobody.
    let code = ada_pass.code().to_string();
    drop(ada_pass);
    assert_eq!(passes.holder(&code), None);
    let (ada_now, bob_now) = (
        rating(&store, "SHA256:ada").await,
        rating(&store, "SHA256:bob").await,
    );
    let _ = stop.send(());
    let _ = running.await;

    // A server that stopped between a game's end and its rating rates it
    // when it starts again: here every rating is lost, and all come back.
    let url = match &database {
        Database::File(path) => format!("sqlite://{}", path.display()),
        Database::Url(url) => url.clone(),
    };
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&url).await.expect("the database");
    for table in ["game_ratings", "ratings"] {
        let delete = format!("DELETE FROM {table}");
        sqlx::query(&delete).execute(&pool).await.expect("deleted");
    }
    pool.close().await;
    let server = Server::bind(ServerOptions::new(bind, database))
        .await
        .expect("the server starts again");
    let store = server.store();
    assert_eq!(rating(&store, "SHA256:ada").await, ada_now);
    assert_eq!(rating(&store, "SHA256:bob").await, bob_now);
    drop(server);
}

#[test]
fn games_between_players_with_keys_are_rated_in_sqlite() {
    common::on_sqlite("rated", rated_games);
}

#[test]
fn games_between_players_with_keys_are_rated_in_postgresql() {
    common::on_postgresql("rated", rated_games);
}
