//! Gekitai: no other program is known to keep its games, so it has no
//! foreign form; its records are tabletop's own.

use super::form::Interchange;
use tabletop_engine::gekitai::Gekitai;

impl Interchange for Gekitai {}
