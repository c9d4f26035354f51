//! Settings changed by name, as in `explore=0.1,bias=1`: the
//! comma-separated lists that the examples comparing settings read
//! (Connect6's [`crate::connect6::Knobs::parse`], Hex's
//! [`crate::hex::uct::Settings::changed`]). Each names its keys once, in
//! a table of [`Setter`]s that [`apply`] reads.

/// How one key's value is set on a `T`.
pub type Setter<T> = fn(&mut T, &Change) -> Result<(), String>;

/// Makes `text`'s changes to `target` in order, each by the setter of its
/// key in `setters`; an unknown key's error names every key there.
pub fn apply<T>(target: &mut T, text: &str, setters: &[(&str, Setter<T>)]) -> Result<(), String> {
    for change in changes(text) {
        let change = change?;
        let Some((_, set)) = setters.iter().find(|(key, _)| *key == change.key) else {
            let known: Vec<&str> = setters.iter().map(|(key, _)| *key).collect();
            return Err(change.unknown(&known));
        };
        set(target, &change)?;
    }
    Ok(())
}

/// One `key=value` of a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change<'a> {
    pub key: &'a str,
    pub value: &'a str,
}

/// The changes in `text` in order, or an error for an item with no `=`.
/// Empty items (`a=1,,b=2`, or nothing at all) are skipped.
pub fn changes(text: &str) -> impl Iterator<Item = Result<Change<'_>, String>> {
    text.split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| {
            let (key, value) = item
                .split_once('=')
                .ok_or_else(|| format!("{item:?} is not KEY=VALUE"))?;
            Ok(Change {
                key: key.trim(),
                value: value.trim(),
            })
        })
}

impl Change<'_> {
    /// The value as a count.
    pub fn whole(&self) -> Result<u32, String> {
        self.value
            .parse()
            .map_err(|_| format!("{}: {:?} is not a whole number", self.key, self.value))
    }

    /// The value as a number.
    pub fn number(&self) -> Result<f32, String> {
        match self.value.parse::<f32>() {
            Ok(x) if x.is_finite() => Ok(x),
            _ => Err(format!("{}: {:?} is not a number", self.key, self.value)),
        }
    }

    /// The value as on (1) or off (0).
    pub fn on(&self) -> Result<bool, String> {
        match self.value {
            "1" => Ok(true),
            "0" => Ok(false),
            _ => Err(format!("{}: {:?} is not 0 or 1", self.key, self.value)),
        }
    }

    /// The message for a key not among `known`.
    pub fn unknown(&self, known: &[&str]) -> String {
        format!("{:?} is not one of {}", self.key, known.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_reads_in_order_and_names_what_is_wrong() {
        let read: Vec<_> = changes(" a=1 ,, b = 0.5").collect();
        assert_eq!(
            read,
            [
                Ok(Change {
                    key: "a",
                    value: "1"
                }),
                Ok(Change {
                    key: "b",
                    value: "0.5"
                })
            ]
        );
        assert_eq!(read[1].as_ref().unwrap().number(), Ok(0.5));
        assert!(read[1].as_ref().unwrap().whole().unwrap_err().contains("b"));
        assert_eq!(changes("").count(), 0);
        let bad: Vec<_> = changes("a=1,oops").collect();
        assert!(bad[1].as_ref().unwrap_err().contains("oops"));
        let nan = Change {
            key: "x",
            value: "NaN",
        };
        assert!(nan.number().is_err());
        assert_eq!(
            Change {
                key: "f",
                value: "1"
            }
            .on(),
            Ok(true)
        );
        assert!(
            Change {
                key: "f",
                value: "yes"
            }
            .on()
            .is_err()
        );
    }

    #[test]
    fn apply_sets_by_the_table_and_names_its_keys() {
        const SETTERS: [(&str, Setter<(u32, bool)>); 2] = [
            ("n", |t, c| {
                t.0 = c.whole()?;
                Ok(())
            }),
            ("on", |t, c| {
                t.1 = c.on()?;
                Ok(())
            }),
        ];
        let mut target = (0, false);
        assert_eq!(apply(&mut target, "n=7, on=1", &SETTERS), Ok(()));
        assert_eq!(target, (7, true));
        let unknown = apply(&mut target, "n=2,size=3", &SETTERS).unwrap_err();
        assert!(
            unknown.contains("\"size\"") && unknown.contains("n, on"),
            "{unknown}"
        );
        assert_eq!(target.0, 2, "changes before the bad one are made");
        assert!(apply(&mut target, "on=maybe", &SETTERS).is_err());
    }
}
