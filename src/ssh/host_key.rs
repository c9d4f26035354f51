//! The door's host key: made on the first start in the data folder,
//! readable by the server's user alone (0600), and read again after; its
//! fingerprint is what players check on their first connection.

use std::fs::OpenOptions;
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

use anyhow::Context;
use russh::keys::ssh_key::LineEnding;
use russh::keys::ssh_key::private::{Ed25519Keypair, KeypairData};
use russh::keys::{HashAlg, PrivateKey};

/// The file's name in the data folder.
pub const FILE: &str = "ssh_host_ed25519_key";

/// The host key kept in `folder`, made if there is none; and whether it
/// was made now.
pub fn load_or_make(folder: &Path) -> anyhow::Result<(PrivateKey, bool)> {
    let path = folder.join(FILE);
    if path.exists() {
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read the host key {}", path.display()))?;
        let key = PrivateKey::from_openssh(&text)
            .with_context(|| format!("{} is not an OpenSSH private key", path.display()))?;
        return Ok((key, false));
    }
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed).map_err(|e| anyhow::anyhow!("no randomness for a host key: {e}"))?;
    let pair = Ed25519Keypair::from_seed(&seed);
    let key = PrivateKey::new(KeypairData::Ed25519(pair), "tabletop")?;
    let text = key.to_openssh(LineEnding::LF)?;
    // Never over another file: create_new fails if one appeared.
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&path)
        .with_context(|| format!("cannot make the host key {}", path.display()))?;
    file.write_all(text.as_bytes())?;
    file.sync_all()?;
    Ok((key, true))
}

/// `SHA256:…`, as `ssh` shows it.
pub fn fingerprint(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn made_once_private_and_read_back_the_same() {
        let folder = std::env::temp_dir().join(format!("tabletop-host-key-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).unwrap();
        let (made, new) = load_or_make(&folder).unwrap();
        assert!(new);
        let mode = std::fs::metadata(folder.join(FILE))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        let (read, new) = load_or_make(&folder).unwrap();
        assert!(!new);
        assert_eq!(fingerprint(&made), fingerprint(&read));
        assert!(fingerprint(&read).starts_with("SHA256:"));
        std::fs::remove_dir_all(&folder).unwrap();
    }
}
