//! A PostgreSQL database of a test's own, on the server `.ci/run` starts
//! for the tests and names in `TABLETOP_TEST_POSTGRES`: for the tests of
//! this crate and of the app, not for play. A test run without the
//! variable fails, saying how to set it.

use sqlx::Connection;

/// The address of a new, empty database named after `name` and this
/// process, on the tests' PostgreSQL.
pub async fn fresh_database(name: &str) -> String {
    let server = std::env::var("TABLETOP_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!(
            "TABLETOP_TEST_POSTGRES is not set: this test runs against a real PostgreSQL, \
             which `bash .ci/run` installs, starts and names there (or set it to \
             postgres://USER@HOST:PORT yourself)"
        )
    });
    let database = format!("{name}_{}", std::process::id());
    let mut admin = sqlx::PgConnection::connect(&format!("{server}/postgres"))
        .await
        .unwrap_or_else(|error| panic!("the test PostgreSQL at {server} does not answer: {error}"));
    sqlx::query(&format!("CREATE DATABASE {database}"))
        .execute(&mut admin)
        .await
        .expect("a database of the test's own");
    format!("{server}/{database}")
}
