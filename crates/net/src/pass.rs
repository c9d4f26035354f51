//! Passes: how a front end beside the lobby server (the SSH door) vouches
//! for the player behind a connection. The front end knows the player's
//! key; it is given a pass (a random code) that stands for that key while
//! the player's session lasts, and the session's lobby connections show
//! the pass when they create or take a seat. The server alone turns a
//! pass back into the key: a pass never leaves the machine, and one
//! nobody issued (or one whose session ended) stands for nobody.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::code::Code;

/// The passes issued and still good, by their digests.
#[derive(Clone, Default)]
pub struct Passes {
    issued: Arc<Mutex<HashMap<String, String>>>,
}

/// A pass issued for a key: good until dropped.
pub struct Pass {
    code: String,
    digest: String,
    passes: Passes,
}

impl Passes {
    /// A pass standing for the key of `fingerprint`.
    pub fn issue(&self, fingerprint: &str) -> Result<Pass, String> {
        let code = Code::random().map_err(|error| error.to_string())?;
        let digest = code.digest();
        self.lock().insert(digest.clone(), fingerprint.to_string());
        Ok(Pass {
            code: code.to_string(),
            digest,
            passes: self.clone(),
        })
    }

    /// The key a pass stands for, if it is good.
    pub fn holder(&self, pass: &str) -> Option<String> {
        let code = pass.parse::<Code>().ok()?;
        self.lock().get(&code.digest()).cloned()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, String>> {
        self.issued.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Pass {
    /// The pass as a connection shows it.
    pub fn code(&self) -> &str {
        &self.code
    }
}

impl Drop for Pass {
    fn drop(&mut self) {
        self.passes.lock().remove(&self.digest);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pass_stands_for_its_key_while_it_is_held() {
        let passes = Passes::default();
        let pass = passes.issue("SHA256:ada").expect("a pass");
        let code = pass.code().to_string();
        assert_eq!(passes.holder(&code).as_deref(), Some("SHA256:ada"));
        assert_eq!(passes.holder("7QKD-M2XA-0FJ9-RZ4C"), None);
        assert_eq!(passes.holder("not a pass"), None);
        drop(pass);
        assert_eq!(passes.holder(&code), None);
    }
}
